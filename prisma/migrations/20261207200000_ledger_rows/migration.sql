-- Issue 45: the foreign keys of transfers and bets go. Each was a check per inserted row, run
-- through SPI (a query of its own: executor set-up, an index probe, a row lock): three for every
-- transfer (its two accounts and its bet), two for every bet (its round and its player), some
-- sixty in a 14-bet settlement. Under `perf` they were a ninth of the backend's CPU in
-- bench/ledger-ops.ts, second only to the executor's set-up of the functions' plans
-- (docs/performance-log.md). The guarantee stays, held another way (T8.4, apps/server/RULES.md):
-- - the only writers of these rows are the ledger's SQL functions (escrow_bets, end_round,
--   refill_wallet, room_chips_entry) and a new guest's welcome, which creates the wallet it pays
--   in the same transaction. Each looks up every row it names by its key, under a lock held to
--   commit, before writing: escrow_bets the round (FOR SHARE; NO_ROUND otherwise), the payer and
--   the escrow (NO_WALLET, NO_ESCROW); end_round the round, every bet it names (open, of this
--   round) and, below, every account it moves chips between, refusing with SQLSTATE 23503 (what
--   the foreign key raised) when one is missing; refill_wallet the wallet; room_chips_entry the
--   issuer, and the stack it creates. 'house' and 'refill' are made by the first migration;
--   nothing deletes an account, a round, a bet or a player;
-- - the ledger audit (checkLedger) reports any transfer or bet naming an account, bet, round or
--   player that is not there, and a bet's transfer naming another round than its bet's.
-- Every lock, key, refusal and answer is otherwise what it was. Locks: a foreign-key check took
-- KEY SHARE on the row it found; every such row the functions name is already held by them in a
-- stronger mode (accounts FOR NO KEY UPDATE, the round FOR SHARE or NO KEY UPDATE), except the
-- player row of a new bet, which nothing else locks or deletes.
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_from_account_id_fkey";
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_to_account_id_fkey";
ALTER TABLE "transfers" DROP CONSTRAINT "transfers_bet_id_fkey";
ALTER TABLE "bets" DROP CONSTRAINT "bets_round_id_fkey";
ALTER TABLE "bets" DROP CONSTRAINT "bets_player_id_fkey";

-- end_round of 20261207180000_round_statements, refusing a missing account itself.
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
    v_accounts TEXT[];
    v_locked BIGINT;
    v_missing TEXT;
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

    -- Every account this round moves chips between, in the global lock order; each must be
    -- there (T8.4: no foreign key on transfers checks it any more).
    v_accounts := ARRAY(SELECT DISTINCT x
                          FROM unnest(ARRAY[v_escrow, v_house]
                                      || ARRAY(SELECT v_prefix || p FROM unnest(p_players) AS p)
                                      || ARRAY(SELECT v_prefix || b.player_id FROM bets b
                                                WHERE b.round_id = p_round_id
                                                  AND b.status = 'OPEN')) AS x);
    PERFORM 1 FROM accounts a
      WHERE a.id = ANY (v_accounts)
      ORDER BY CASE a.kind WHEN 'WALLET' THEN 0 WHEN 'ESCROW' THEN 1 WHEN 'HOUSE' THEN 2 ELSE 3 END,
               a.id
        FOR NO KEY UPDATE;
    GET DIAGNOSTICS v_locked = ROW_COUNT;
    IF v_locked < cardinality(v_accounts) THEN
        SELECT x INTO v_missing FROM unnest(v_accounts) AS x
         WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = x) ORDER BY x LIMIT 1;
        RAISE EXCEPTION 'account % does not exist', v_missing USING ERRCODE = 'foreign_key_violation';
    END IF;

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
