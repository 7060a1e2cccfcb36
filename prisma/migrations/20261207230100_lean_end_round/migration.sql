-- Issue 45: end_round of 20261207200000_ledger_rows with less executor work per call: four
-- statements instead of five, no window function, no sort but the strays' (by id), no hash of
-- all the accounts, and the bettors' arrays read where they are instead of through CTEs read
-- six times. Measured with bench/ledger-ops.ts, the gain is
-- small: most of a settlement's own CPU is the rows it writes (21 transfers with four indexes
-- each, the bets, accounts and round, their CHECKs) and the commit, not the plans' set-up.
-- - The bet check, the strays and the bettors' accounts are one statement: the first refused
--   bet is found in the order named (a LATERAL makes the named bets the outer side of the
--   loop, each bet found by its key: no window function, no sort); a repeated bet is one whose
--   first position (array_position) is not its own; the strays come back as bets rows in id
--   order, read once and passed on to the writes.
-- - The account lock answers the ids it locked (ARRAY of the locked rows), so a missing one is
--   `v_accounts <@ v_locked` failing: no DISTINCT list to count.
-- - The writes: transfers come out of one Append whose parts run in turn (collections, then each
--   returned bet's return and its win, then the strays in id order), so no sort; each account's
--   delta is summed once from the arrays (no moves CTE read twice); the accounts are updated by
--   the keys locked above (`a.id = ANY (v_accounts)`), so no plan reads them all, however small
--   the table (the old generic plan hashed every account when there were few).
-- Every decision, lock (the round FOR NO KEY UPDATE, then every account moved in the global
-- order: wallets, escrows, the house, the others, by id), refusal (BAN01; BAN02 naming the same
-- bet with the same words; 23503 naming the same account), answer and row (keys, order,
-- amounts, columns; an account is written only when a transfer names it or it is a bettor
-- named) is the one of 20261207200000_ledger_rows (T6.2, T6.5, T9.2, T9.9, T8.4);
-- src/db/end-round.test.ts pins them and passes on both.
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
    -- The first named bet refused, by its position: negative when it is unknown (or repeated),
    -- positive when its player or stake does not match.
    v_bad BIGINT;
    -- The round's open bets not named (strays, T9.2), in id order: refunded and voided.
    v_strays bets[];
    v_accounts TEXT[];
    v_locked TEXT[];
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

    -- One statement: every bet named must be an open bet of this round, once, with its stored
    -- player and stake (each found by its key; the first refused in the order named, as the
    -- LATERAL makes the named bets the outer side of the loop: no sort); the strays, found by
    -- the round's key; and every account the round moves chips between.
    SELECT (SELECT CASE WHEN b.id IS NULL OR array_position(p_bet_ids, u.bet_id) <> u.n
                        THEN -u.n ELSE u.n END
              FROM unnest(p_bet_ids, p_players, p_stakes)
                   WITH ORDINALITY AS u(bet_id, player_id, stake, n)
              LEFT JOIN LATERAL (SELECT b.id, b.player_id, b.amount FROM bets b
                                  WHERE b.id = u.bet_id AND b.round_id = p_round_id
                                    AND b.status = 'OPEN'
                                 OFFSET 0) b ON TRUE
             WHERE b.id IS NULL OR array_position(p_bet_ids, u.bet_id) <> u.n
                OR b.player_id <> u.player_id OR b.amount <> u.stake
             LIMIT 1),
           ARRAY(SELECT b FROM bets b
                  WHERE b.round_id = p_round_id AND b.status = 'OPEN'
                    AND b.id <> ALL (p_bet_ids)
                  ORDER BY b.id),
           ARRAY[v_escrow, v_house] || ARRAY(SELECT v_prefix || p FROM unnest(p_players) AS p)
      INTO v_bad, v_strays, v_accounts;
    IF v_bad < 0 THEN
        RAISE EXCEPTION 'bet % is not an open bet of %', p_bet_ids[-v_bad], p_round_id
            USING ERRCODE = 'BAN02';
    ELSIF v_bad > 0 THEN
        RAISE EXCEPTION 'bet % does not match its stored stake', p_bet_ids[v_bad]
            USING ERRCODE = 'BAN02';
    END IF;
    IF cardinality(v_strays) > 0 THEN
        v_accounts := v_accounts || ARRAY(SELECT v_prefix || s.player_id FROM unnest(v_strays) AS s);
    END IF;

    -- Every account this round moves chips between, locked in the global lock order; each must
    -- be there (T8.4: no foreign key on transfers checks it any more). Repeats are harmless: the
    -- index scan takes each key once.
    v_locked := ARRAY(SELECT a.id FROM accounts a
                       WHERE a.id = ANY (v_accounts)
                       ORDER BY CASE a.kind WHEN 'WALLET' THEN 0 WHEN 'ESCROW' THEN 1
                                            WHEN 'HOUSE' THEN 2 ELSE 3 END,
                                a.id
                         FOR NO KEY UPDATE);
    IF NOT v_accounts <@ v_locked THEN
        SELECT x INTO v_missing FROM unnest(v_accounts) AS x
         WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = x) ORDER BY x LIMIT 1;
        RAISE EXCEPTION 'account % does not exist', v_missing USING ERRCODE = 'foreign_key_violation';
    END IF;

    RETURN QUERY
    WITH moved AS (
        -- The order transfers are written in (their ids): collections, then returns and wins,
        -- then refunds. An Append runs its parts in turn, an unnest yields its array's order and
        -- a LATERAL VALUES is the inner side of its bet's loop, so this is that order unsorted.
        INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
        SELECT lower(t.kind) || ':' || t.bet_id, t.from_id, t.to_id, t.amount,
               t.kind::transfer_kind, p_round_id, t.bet_id
          FROM (SELECT 'COLLECT' AS kind, c.bet_id, v_escrow AS from_id, v_house AS to_id,
                       c.stake AS amount
                  FROM unnest(p_bet_ids, p_results, p_stakes) AS c(bet_id, result, stake)
                 WHERE c.result = 'lose'
                UNION ALL
                -- A return is the stake (never 0: bets_amount_positive); a win what is beyond it.
                SELECT x.kind, m.bet_id, x.from_id, v_prefix || m.player_id, x.amount
                  FROM unnest(p_bet_ids, p_players, p_results, p_stakes, p_returned)
                       AS m(bet_id, player_id, result, stake, returned),
                       LATERAL (VALUES ('RETURN', v_escrow, m.stake),
                                       ('WIN', v_house, m.returned - m.stake))
                       AS x(kind, from_id, amount)
                 WHERE m.result <> 'lose' AND x.amount > 0
                UNION ALL
                SELECT 'REFUND', s.id, v_escrow, v_prefix || s.player_id, s.amount
                  FROM unnest(v_strays) AS s) t
    ), closed_bets AS (
        -- Settled bets with their result, strays voided with their stake returned: one UPDATE.
        UPDATE bets b
           SET status = c.status::bet_status, result = c.result, returned = c.returned,
               settled_at = now()
          FROM (SELECT u.bet_id AS id, 'SETTLED' AS status, u.result, u.returned
                  FROM unnest(p_bet_ids, p_results, p_returned) AS u(bet_id, result, returned)
                UNION ALL
                SELECT s.id, 'VOIDED', NULL, s.amount FROM unnest(v_strays) AS s) c
         WHERE b.id = c.id
    ), ended_round AS (
        UPDATE rounds
           SET status = p_status::round_status, cards = p_cards, outcome = p_outcome,
               player_total = p_player_total, banker_total = p_banker_total, trace = p_trace,
               settled_at = now()
         WHERE id = p_round_id
    ), balances AS (
        -- What every account a transfer names sums to, each bettor named included (so losers'
        -- balances come back too); the house only when a transfer names it.
        UPDATE accounts a SET balance = a.balance + d.delta
          FROM (SELECT x.id, sum(x.delta)::BIGINT AS delta
                  FROM (SELECT x.id, x.delta
                          FROM unnest(p_players, p_results, p_stakes, p_returned)
                               AS m(player_id, result, stake, returned),
                               LATERAL (VALUES
                                 (v_prefix || m.player_id,
                                  CASE WHEN m.result = 'lose' THEN 0
                                       ELSE greatest(m.returned, m.stake) END),
                                 (v_escrow, -m.stake),
                                 (v_house, CASE WHEN m.result = 'lose' THEN m.stake
                                                ELSE -greatest(m.returned - m.stake, 0) END))
                               AS x(id, delta)
                         WHERE x.id <> v_house OR m.result = 'lose' OR m.returned > m.stake
                        UNION ALL
                        SELECT x.id, x.delta
                          FROM unnest(v_strays) AS s,
                               LATERAL (VALUES (v_prefix || s.player_id, s.amount),
                                               (v_escrow, -s.amount)) AS x(id, delta)) x
                 GROUP BY x.id) d
         -- The list locked above, so the accounts are read by key however the join is made.
         WHERE a.id = d.id AND a.id = ANY (v_accounts)
        RETURNING a.id, a.kind, a.balance
    )
    SELECT substr(x.id, length(v_prefix) + 1), x.balance
      FROM balances x WHERE x.kind::TEXT IN ('WALLET', 'ROOM_STACK');
END;
$$;
