-- Issue 45: what a round's statements cost Postgres. Under `perf`, a fifth of the backends' CPU
-- in escrow_bets and end_round went to parsing and planning banco_player_account and
-- banco_house_account (a SQL function with a sub-query is never inlined: each call plans its
-- body again), once per bettor and use; another part to index entries nothing reads and to
-- updates that could not stay on their page. The functions below decide and write exactly what
-- those of 20261207100000_room_chips did, with the same locks in the same order, the same keys,
-- refusals and answers:
-- - a table's room is looked up once per call (its issuer, by key), not once per bettor;
-- - one UPDATE of accounts per statement (every balance with its summed delta) and one of bets,
--   instead of one per kind of move (each target relation costs its CHECKs' set-up);
-- - a replayed confirm finds its stake transfer by its unique key, not by bet id.

-- Index entries nothing reads: bets by round alone (the unique (round, player, spot) key starts
-- with the round), bets by player, transfers by round and by bet (the audit and the replay read
-- them by key or all at once). Each was one more index insertion per bet or per transfer.
DROP INDEX IF EXISTS "bets_round_id_idx";
DROP INDEX IF EXISTS "bets_player_id_idx";
DROP INDEX IF EXISTS "transfers_round_id_idx";
DROP INDEX IF EXISTS "transfers_bet_id_idx";

-- Room on each page for the row's next version, so a balance change, a bet's settlement and a
-- round's end are HOT updates (no new index entry; none of them changes an indexed column).
-- Applies to pages written from now on.
ALTER TABLE "accounts" SET (fillfactor = 50);
ALTER TABLE "bets" SET (fillfactor = 70);
ALTER TABLE "rounds" SET (fillfactor = 60);

CREATE OR REPLACE FUNCTION "escrow_bets"(
    p_tables TEXT[],
    p_rounds TEXT[],
    p_players TEXT[],
    p_seats INTEGER[],
    p_confirm_ids TEXT[],
    p_bet_reqs INTEGER[],
    p_bet_ids TEXT[],
    p_spots TEXT[],
    p_amounts BIGINT[]
) RETURNS TABLE ("req" INTEGER, "code" TEXT, "balance" BIGINT, "bet_id" TEXT, "spot" TEXT, "amount" BIGINT)
LANGUAGE plpgsql
-- Every row these functions touch is found by its key: planned once per connection, and never
-- by scanning a table, however small the planner thinks it is (rounds and accounts only grow).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
    -- Request n pays from v_payers[n]: the player's room stack at a room with room chips
    -- (it has an issuer), their wallet everywhere else.
    v_payers TEXT[];
BEGIN
    IF cardinality(p_players) <> (SELECT count(DISTINCT p) FROM unnest(p_players) AS p) THEN
        RAISE EXCEPTION 'a player may appear once in an escrow batch' USING ERRCODE = 'BAN02';
    END IF;
    -- The rounds FOR SHARE, in id order: settlement takes its round exclusively, so no stake
    -- lands in a round being settled.
    PERFORM 1 FROM rounds r WHERE r.id = ANY (p_rounds) ORDER BY r.id FOR SHARE;
    v_payers := ARRAY(
        SELECT CASE WHEN i.id IS NULL THEN 'wallet:' || u.p ELSE 'stack:' || u.t || ':' || u.p END
          FROM unnest(p_tables, p_players) WITH ORDINALITY AS u(t, p, n)
          LEFT JOIN accounts i ON i.id = 'issuer:' || u.t
         ORDER BY u.n);
    -- Then the wallets and the tables' escrows, in the global lock order (wallets by id, then
    -- escrows by id), held until commit.
    PERFORM 1 FROM accounts a
      WHERE a.id = ANY (v_payers || ARRAY(SELECT 'escrow:' || t FROM unnest(p_tables) AS t))
      ORDER BY CASE a.kind WHEN 'WALLET' THEN 0 ELSE 1 END, a.id
        FOR NO KEY UPDATE;

    -- A new statement, so a new snapshot: a concurrent replay of one of these confirms that held
    -- its wallet before us has committed, and its bets are visible here. The balances read are
    -- the locked ones, so the decision below is the one the CHECK would make.
    RETURN QUERY
    WITH asked AS (
        SELECT u.req, u.bet_id, u.spot, u.amount, u.n
          FROM unnest(p_bet_reqs, p_bet_ids, p_spots, p_amounts)
               WITH ORDINALITY AS u(req, bet_id, spot, amount, n)
    ), totals AS (
        SELECT a.req, sum(a.amount)::BIGINT AS total FROM asked a GROUP BY a.req
    ), decided AS (
        SELECT q.n::INTEGER AS n, q.round_id, q.player_id, q.seat, q.confirm_id,
               e.id AS escrow, w.id AS wallet, w.balance, t.total,
               CASE
                 WHEN r.id IS NULL THEN 'NO_ROUND'
                 WHEN e.id IS NULL THEN 'NO_ESCROW'
                 WHEN w.id IS NULL THEN 'NO_WALLET'
                 WHEN EXISTS (SELECT 1 FROM bets b
                               WHERE b.round_id = q.round_id AND b.player_id = q.player_id
                                 AND b.confirm_id = q.confirm_id) THEN 'REPLAYED'
                 WHEN EXISTS (SELECT 1 FROM bets b
                               WHERE b.round_id = q.round_id AND b.player_id = q.player_id
                                 AND b.status = 'OPEN') THEN 'ALREADY_CONFIRMED'
                 WHEN r.status <> 'OPEN' THEN 'ROUND_NOT_OPEN'
                 WHEN t.total IS NULL OR w.balance < t.total THEN 'INSUFFICIENT_BALANCE'
                 ELSE 'ACCEPTED'
               END AS code
          FROM unnest(p_tables, p_rounds, p_players, p_seats, p_confirm_ids, v_payers)
               WITH ORDINALITY AS q(table_id, round_id, player_id, seat, confirm_id, payer, n)
          LEFT JOIN rounds r ON r.id = q.round_id AND r.table_id = q.table_id
          LEFT JOIN accounts e ON e.id = 'escrow:' || q.table_id AND e.kind = 'ESCROW'
          LEFT JOIN accounts w ON w.id = q.payer AND w.kind::TEXT IN ('WALLET', 'ROOM_STACK')
          LEFT JOIN totals t ON t.req = q.n
    ), new_bets AS (
        INSERT INTO bets (id, round_id, player_id, seat, spot, amount, confirm_id)
        SELECT a.bet_id, d.round_id, d.player_id, d.seat, a.spot, a.amount, d.confirm_id
          FROM asked a JOIN decided d ON d.n = a.req
         WHERE d.code = 'ACCEPTED'
         ORDER BY a.n
        RETURNING id
    ), stakes AS (
        -- After the bets (their ids come through new_bets): the foreign key needs them.
        INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
        SELECT 'stake:' || a.bet_id, d.wallet, d.escrow, a.amount, 'STAKE', d.round_id, a.bet_id
          FROM asked a JOIN decided d ON d.n = a.req
         WHERE a.bet_id IN (SELECT id FROM new_bets)
         ORDER BY a.n
    ), moved AS (
        -- Every balance in one UPDATE: each payer's total out, each escrow's sum in.
        UPDATE accounts x SET balance = x.balance + m.delta
          FROM (SELECT d.wallet AS id, -d.total AS delta
                  FROM decided d WHERE d.code = 'ACCEPTED'
                UNION ALL
                SELECT d.escrow, sum(d.total)::BIGINT
                  FROM decided d WHERE d.code = 'ACCEPTED' GROUP BY d.escrow) m
         WHERE x.id = m.id
        RETURNING x.id, x.balance
    )
    SELECT d.n, d.code, coalesce(x.balance, d.balance), s.bet_id, s.spot, s.amount
      FROM decided d
      LEFT JOIN moved x ON x.id = d.wallet
      LEFT JOIN LATERAL (
          SELECT a.bet_id, a.spot, a.amount, a.n AS ord
            FROM asked a
           WHERE d.code = 'ACCEPTED' AND a.req = d.n
          UNION ALL
          -- A replay answers with the bets first escrowed, in the order they were placed.
          SELECT b.id, b.spot, b.amount, t.id
            FROM bets b LEFT JOIN transfers t ON t.key = 'stake:' || b.id
           WHERE d.code = 'REPLAYED' AND b.round_id = d.round_id
             AND b.player_id = d.player_id AND b.confirm_id = d.confirm_id
      ) s ON TRUE
     ORDER BY d.n, s.ord;
END;
$$;

CREATE OR REPLACE FUNCTION "end_round"(
    p_table_id TEXT,
    p_round_id TEXT,
    p_status TEXT,
    p_cards JSONB,
    p_outcome TEXT,
    p_player_total INTEGER,
    p_banker_total INTEGER,
    p_trace JSONB,
    p_bet_ids TEXT[],
    p_players TEXT[],
    p_results TEXT[],
    p_stakes BIGINT[],
    p_returned BIGINT[]
) RETURNS TABLE ("player_id" TEXT, "balance" BIGINT)
LANGUAGE plpgsql
-- Every row these functions touch is found by its key: planned once per connection, and never
-- by scanning a table, however small the planner thinks it is (rounds and accounts only grow).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
    v_status TEXT;
    v_escrow TEXT := 'escrow:' || p_table_id;
    -- At a room with room chips (it has an issuer) its own house and the players' room stacks;
    -- everywhere else the house and the wallets. A bettor's account is v_prefix || their id.
    v_house TEXT;
    v_prefix TEXT;
    v_bad RECORD;
BEGIN
    -- Exclusive on the round: a concurrent settle or void of it waits here and then sees it
    -- closed; stakes (which hold the round FOR SHARE) are all committed once we pass.
    SELECT r.status::TEXT,
           CASE WHEN i.id IS NULL THEN 'house' ELSE 'roomhouse:' || p_table_id END,
           CASE WHEN i.id IS NULL THEN 'wallet:' ELSE 'stack:' || p_table_id || ':' END
      INTO v_status, v_house, v_prefix
      FROM rounds r LEFT JOIN accounts i ON i.id = 'issuer:' || p_table_id
     WHERE r.id = p_round_id AND r.table_id = p_table_id
       FOR NO KEY UPDATE OF r;
    IF v_status IS NULL THEN
        RAISE EXCEPTION 'no round % at table %', p_round_id, p_table_id USING ERRCODE = 'BAN01';
    END IF;
    IF v_status <> 'OPEN' THEN
        RETURN QUERY SELECT p, a.balance FROM unnest(p_players) AS p
          JOIN accounts a ON a.id = v_prefix || p;
        RETURN;
    END IF;

    -- Every bet named must be an open bet of this round, once, with its stored player and stake.
    SELECT s.bet_id, (b.id IS NULL OR s.k > 1) AS unknown INTO v_bad
      FROM (SELECT u.bet_id, u.player_id, u.stake, u.n,
                   row_number() OVER (PARTITION BY u.bet_id ORDER BY u.n) AS k
              FROM unnest(p_bet_ids, p_players, p_stakes)
                   WITH ORDINALITY AS u(bet_id, player_id, stake, n)) s
      LEFT JOIN bets b ON b.id = s.bet_id AND b.round_id = p_round_id AND b.status = 'OPEN'
     WHERE b.id IS NULL OR s.k > 1 OR b.player_id <> s.player_id OR b.amount <> s.stake
     ORDER BY s.n
     LIMIT 1;
    IF FOUND THEN
        IF v_bad.unknown THEN
            RAISE EXCEPTION 'bet % is not an open bet of %', v_bad.bet_id, p_round_id
                USING ERRCODE = 'BAN02';
        END IF;
        RAISE EXCEPTION 'bet % does not match its stored stake', v_bad.bet_id USING ERRCODE = 'BAN02';
    END IF;

    -- Every account this round moves chips between, in the global lock order.
    PERFORM 1 FROM accounts a
      WHERE a.id = ANY (ARRAY[v_escrow, v_house]
                        || ARRAY(SELECT v_prefix || p FROM unnest(p_players) AS p)
                        || ARRAY(SELECT v_prefix || b.player_id FROM bets b
                                  WHERE b.round_id = p_round_id AND b.status = 'OPEN'))
      ORDER BY CASE a.kind WHEN 'WALLET' THEN 0 WHEN 'ESCROW' THEN 1 WHEN 'HOUSE' THEN 2 ELSE 3 END,
               a.id
        FOR NO KEY UPDATE;

    RETURN QUERY
    WITH named AS (
        SELECT u.bet_id, u.player_id, u.result, u.stake, u.returned, u.n
          FROM unnest(p_bet_ids, p_players, p_results, p_stakes, p_returned)
               WITH ORDINALITY AS u(bet_id, player_id, result, stake, returned, n)
    ), strays AS (
        SELECT b.id, b.player_id, b.amount,
               row_number() OVER (ORDER BY b.id) AS n
          FROM bets b
         WHERE b.round_id = p_round_id AND b.status = 'OPEN'
           AND b.id <> ALL (p_bet_ids)
    ), moves AS (
        -- The order transfers are written in: collections, then returns and wins, then refunds.
        SELECT 1 AS g, m.n, 0 AS sub, 'COLLECT' AS kind, m.bet_id,
               v_escrow AS from_id, v_house AS to_id, m.stake AS amount
          FROM named m WHERE m.result = 'lose'
        UNION ALL
        SELECT 2, m.n, 0, 'RETURN', m.bet_id, v_escrow, v_prefix || m.player_id, m.stake
          FROM named m WHERE m.result <> 'lose'
        UNION ALL
        SELECT 2, m.n, 1, 'WIN', m.bet_id, v_house, v_prefix || m.player_id, m.returned - m.stake
          FROM named m WHERE m.result <> 'lose' AND m.returned > m.stake
        UNION ALL
        SELECT 3, s.n, 0, 'REFUND', s.id, v_escrow, v_prefix || s.player_id, s.amount
          FROM strays s
    ), moved AS (
        INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
        SELECT lower(m.kind) || ':' || m.bet_id, m.from_id, m.to_id, m.amount,
               m.kind::transfer_kind, p_round_id, m.bet_id
          FROM moves m
         ORDER BY m.g, m.n, m.sub
    ), closed_bets AS (
        -- Settled bets with their result, strays voided with their stake returned: one UPDATE.
        UPDATE bets b
           SET status = c.status::bet_status, result = c.result, returned = c.returned,
               settled_at = now()
          FROM (SELECT m.bet_id AS id, 'SETTLED' AS status, m.result, m.returned FROM named m
                UNION ALL
                SELECT s.id, 'VOIDED', NULL, s.amount FROM strays s) c
         WHERE b.id = c.id
    ), ended_round AS (
        UPDATE rounds
           SET status = p_status::round_status, cards = p_cards, outcome = p_outcome,
               player_total = p_player_total, banker_total = p_banker_total, trace = p_trace,
               settled_at = now()
         WHERE id = p_round_id
    ), deltas AS (
        SELECT d.id, sum(d.delta)::BIGINT AS delta
          FROM (SELECT m.from_id AS id, -m.amount AS delta FROM moves m
                UNION ALL SELECT m.to_id, m.amount FROM moves m
                -- Every bettor's account, so losers' balances come back too.
                UNION ALL SELECT v_prefix || p, 0 FROM unnest(p_players) AS p) d
         GROUP BY d.id
    ), balances AS (
        UPDATE accounts a SET balance = a.balance + d.delta
          FROM deltas d
         WHERE a.id = d.id
        RETURNING a.id, a.kind, a.balance
    )
    SELECT substr(x.id, length(v_prefix) + 1), x.balance
      FROM balances x WHERE x.kind::TEXT IN ('WALLET', 'ROOM_STACK');
END;
$$;
