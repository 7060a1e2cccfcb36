-- Issue 10: the table hot path in one round trip per ledger operation. Each function keeps the
-- guarantees of the multi-statement transactions it replaces: the same locks in the same global
-- order (the round, then wallets by id, then table escrows, then the house, then REFILL), the
-- same idempotency keys, every transfer row written, the balance CHECKs as the last word.
-- Refusals a caller can act on are raised with Banco's own SQLSTATEs:
--   BAN01  something named does not exist (round, wallet, escrow)   -> NOT_FOUND
--   BAN02  the input does not match the stored round                  -> INVALID_INPUT

-- Escrows the confirms of several players, at one table or many (a group commit), each decided
-- on its own: one player's refusal (a short wallet, an earlier confirm, a table without its
-- escrow) never refuses another's. Request n is table p_tables[n], round p_rounds[n], player
-- p_players[n]...; its bets are the p_bet_* entries with p_bet_reqs = n. A player appears once.
-- One row per bet of an accepted or replayed confirm, one row with no bet for a refused one,
-- ordered by request. code: ACCEPTED, REPLAYED (this confirm id is already escrowed: its bets,
-- nothing moved), NO_ROUND, NO_ESCROW, NO_WALLET, ALREADY_CONFIRMED, ROUND_NOT_OPEN,
-- INSUFFICIENT_BALANCE.
CREATE FUNCTION "escrow_bets"(
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
BEGIN
    IF cardinality(p_players) <> (SELECT count(DISTINCT p) FROM unnest(p_players) AS p) THEN
        RAISE EXCEPTION 'a player may appear once in an escrow batch' USING ERRCODE = 'BAN02';
    END IF;
    -- The rounds FOR SHARE, in id order: settlement takes its round exclusively, so no stake
    -- lands in a round being settled.
    PERFORM 1 FROM rounds r WHERE r.id = ANY (p_rounds) ORDER BY r.id FOR SHARE;
    -- Then the wallets and the tables' escrows, in the global lock order (wallets by id, then
    -- escrows by id), held until commit.
    PERFORM 1 FROM accounts a
      WHERE a.id = ANY (ARRAY(SELECT 'wallet:' || p FROM unnest(p_players) AS p
                              UNION SELECT 'escrow:' || t FROM unnest(p_tables) AS t))
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
          FROM unnest(p_tables, p_rounds, p_players, p_seats, p_confirm_ids)
               WITH ORDINALITY AS q(table_id, round_id, player_id, seat, confirm_id, n)
          LEFT JOIN rounds r ON r.id = q.round_id AND r.table_id = q.table_id
          LEFT JOIN accounts e ON e.id = 'escrow:' || q.table_id AND e.kind = 'ESCROW'
          LEFT JOIN accounts w ON w.id = 'wallet:' || q.player_id AND w.kind = 'WALLET'
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
    ), debited AS (
        UPDATE accounts w SET balance = w.balance - d.total
          FROM decided d
         WHERE w.id = d.wallet AND d.code = 'ACCEPTED'
        RETURNING w.id, w.balance
    ), credited AS (
        UPDATE accounts e SET balance = e.balance + s.total
          FROM (SELECT d.escrow, sum(d.total)::BIGINT AS total
                  FROM decided d WHERE d.code = 'ACCEPTED' GROUP BY d.escrow) s
         WHERE e.id = s.escrow
    )
    SELECT d.n, d.code, coalesce(x.balance, d.balance), s.bet_id, s.spot, s.amount
      FROM decided d
      LEFT JOIN debited x ON x.id = d.wallet
      LEFT JOIN LATERAL (
          SELECT a.bet_id, a.spot, a.amount, a.n AS ord
            FROM asked a
           WHERE d.code = 'ACCEPTED' AND a.req = d.n
          UNION ALL
          -- A replay answers with the bets first escrowed, in the order they were placed.
          SELECT b.id, b.spot, b.amount, t.id
            FROM bets b LEFT JOIN transfers t ON t.bet_id = b.id AND t.kind = 'STAKE'
           WHERE d.code = 'REPLAYED' AND b.round_id = d.round_id
             AND b.player_id = d.player_id AND b.confirm_id = d.confirm_id
      ) s ON TRUE
     ORDER BY d.n, s.ord;
END;
$$;

-- Closes a round (T6.2 settle, T9.2 void) in one call. Settling: each bet named is settled with
-- its result, losers' stakes to the house first, then pushes and wins back to the wallets; an
-- open stake the table never heard of (T6.5: its escrow committed, the reply was lost) is
-- refunded. Voiding: every open stake refunded. A round no longer OPEN is left as it is.
-- Returns the wallet balances of the players named and of every refunded bettor.
CREATE FUNCTION "end_round"(
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
    v_bad RECORD;
    v_accounts TEXT[];
BEGIN
    -- Exclusive on the round: a concurrent settle or void of it waits here and then sees it
    -- closed; stakes (which hold the round FOR SHARE) are all committed once we pass.
    SELECT r.status::TEXT INTO v_status FROM rounds r
     WHERE r.id = p_round_id AND r.table_id = p_table_id FOR NO KEY UPDATE;
    IF v_status IS NULL THEN
        RAISE EXCEPTION 'no round % at table %', p_round_id, p_table_id USING ERRCODE = 'BAN01';
    END IF;
    IF v_status <> 'OPEN' THEN
        RETURN QUERY SELECT substr(a.id, 8), a.balance FROM accounts a
          WHERE a.id = ANY (ARRAY(SELECT 'wallet:' || p FROM unnest(p_players) AS p));
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
    v_accounts := ARRAY[v_escrow, 'house']
        || ARRAY(SELECT 'wallet:' || p FROM unnest(p_players) AS p)
        || ARRAY(SELECT 'wallet:' || b.player_id FROM bets b
                  WHERE b.round_id = p_round_id AND b.status = 'OPEN');
    PERFORM 1 FROM accounts a
      WHERE a.id = ANY (v_accounts)
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
               v_escrow AS from_id, 'house' AS to_id, m.stake AS amount
          FROM named m WHERE m.result = 'lose'
        UNION ALL
        SELECT 2, m.n, 0, 'RETURN', m.bet_id, v_escrow, 'wallet:' || m.player_id, m.stake
          FROM named m WHERE m.result <> 'lose'
        UNION ALL
        SELECT 2, m.n, 1, 'WIN', m.bet_id, 'house', 'wallet:' || m.player_id, m.returned - m.stake
          FROM named m WHERE m.result <> 'lose' AND m.returned > m.stake
        UNION ALL
        SELECT 3, s.n, 0, 'REFUND', s.id, v_escrow, 'wallet:' || s.player_id, s.amount
          FROM strays s
    ), moved AS (
        INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
        SELECT lower(m.kind) || ':' || m.bet_id, m.from_id, m.to_id, m.amount,
               m.kind::transfer_kind, p_round_id, m.bet_id
          FROM moves m
         ORDER BY m.g, m.n, m.sub
    ), settled_bets AS (
        UPDATE bets b
           SET status = 'SETTLED', result = m.result, returned = m.returned, settled_at = now()
          FROM named m
         WHERE b.id = m.bet_id
    ), voided_bets AS (
        UPDATE bets b SET status = 'VOIDED', returned = b.amount, settled_at = now()
          FROM strays s
         WHERE b.id = s.id
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
                -- Every bettor's wallet, so losers' balances come back too.
                UNION ALL SELECT 'wallet:' || p, 0 FROM unnest(p_players) AS p) d
         GROUP BY d.id
    ), balances AS (
        UPDATE accounts a SET balance = a.balance + d.delta
          FROM deltas d
         WHERE a.id = d.id
        RETURNING a.id, a.kind, a.balance
    )
    SELECT substr(x.id, 8), x.balance FROM balances x WHERE x.kind = 'WALLET';
END;
$$;

-- Tops a wallet up to p_target from REFILL, keyed by round and player: a replay returns the
-- amount of the first call and mints nothing.
CREATE FUNCTION "refill_wallet"(p_player_id TEXT, p_round_id TEXT, p_target BIGINT)
RETURNS TABLE ("amount" BIGINT, "balance" BIGINT)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    v_wallet TEXT := 'wallet:' || p_player_id;
    v_key TEXT := 'refill:' || p_round_id || ':' || p_player_id;
    v_balance BIGINT;
    v_previous BIGINT;
BEGIN
    SELECT a.balance INTO v_balance FROM accounts a WHERE a.id = v_wallet FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no wallet for %', p_player_id USING ERRCODE = 'BAN01';
    END IF;
    PERFORM 1 FROM accounts a WHERE a.id = 'refill' FOR NO KEY UPDATE;
    SELECT t.amount INTO v_previous FROM transfers t WHERE t.key = v_key;
    IF FOUND THEN
        RETURN QUERY SELECT v_previous, v_balance;
        RETURN;
    END IF;
    IF v_balance >= p_target THEN
        RETURN QUERY SELECT 0::BIGINT, v_balance;
        RETURN;
    END IF;
    INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id)
    VALUES (v_key, 'refill', v_wallet, p_target - v_balance, 'REFILL', p_round_id);
    UPDATE accounts a SET balance = a.balance - (p_target - v_balance) WHERE a.id = 'refill';
    UPDATE accounts a SET balance = p_target WHERE a.id = v_wallet;
    RETURN QUERY SELECT p_target - v_balance, p_target;
END;
$$;

-- A table saves its state at every phase boundary (asynchronous commit). Room on each page lets
-- an update stay on its page (a HOT update: no index entry), MAIN storage keeps the compressed
-- state in the row instead of rewriting TOAST chunks, and lz4 compresses it at a fraction of
-- pglz's cost: together about half of Postgres' time per save. A server built without lz4
-- (the embedded one) keeps pglz.
ALTER TABLE "table_states" SET (fillfactor = 50);
ALTER TABLE "table_states" ALTER COLUMN "state" SET STORAGE MAIN;
DO $$
BEGIN
    ALTER TABLE "table_states" ALTER COLUMN "state" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    NULL;
END;
$$;
