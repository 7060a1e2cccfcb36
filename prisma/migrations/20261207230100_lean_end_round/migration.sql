-- Issue 45: end_round of 20261207200000_ledger_rows with less executor work per call. Under
-- `perf` most of a settlement's own CPU was the executor setting up and tearing down plans (the
-- write statement alone had some 35 plan nodes: eight CTEs, the bettors' arrays unnested and read
-- back six times, UNION ALLs, two sorts, two window functions, a hash join) and the five
-- statements it ran before writing. Now:
-- - the bet check, the strays and every sum the writes need are one statement (was three: the
--   check with a window function, the account list, the strays again in the writes);
-- - a named bet repeated is found by array_position (its first position is not its own), the
--   first refused bet is the least position refused (min), not a window function and a sort;
-- - the writes read the arrays where they are, in their order: transfers come out of one Append
--   whose parts run in turn (collections, then each returned bet's return and win, then the
--   strays already in id order), so no sort; the escrow's and the house's deltas are summed by the
--   check, and only the bettors' accounts are grouped.
-- Every decision, lock (the round, then every account moved in the global order), refusal
-- (BAN01, BAN02 naming the same bet, 23503), answer and row (keys, order, amounts, columns) is
-- the one of 20261207200000_ledger_rows (T6.2, T9.2, T8.4).
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
    -- The least positions (1-based) of a named bet refused: unknown (or repeated), or any.
    v_unknown_at BIGINT;
    v_bad_at BIGINT;
    -- The named bettors' accounts; what leaves the escrow; the house's delta and whether any
    -- transfer names it (an account no transfer names is not written).
    v_named_accounts TEXT[];
    v_escrow_out BIGINT;
    v_house_delta BIGINT;
    v_house_moved BOOLEAN;
    -- The round's open bets not named (strays, T9.2), in id order: refunded and voided.
    v_strays TEXT[];
    v_stray_accounts TEXT[];
    v_stray_amounts BIGINT[];
    v_stray_total BIGINT;
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

    -- Every bet named must be an open bet of this round, once, with its stored player and stake;
    -- each is found by its key. The strays are found by the round's key, read once, in id order.
    SELECT n.unknown_at, n.bad_at, n.accounts, n.escrow_out, n.house_delta, n.house_moved,
           s.ids, s.accounts, s.amounts, s.total
      INTO v_unknown_at, v_bad_at, v_named_accounts, v_escrow_out, v_house_delta, v_house_moved,
           v_strays, v_stray_accounts, v_stray_amounts, v_stray_total
      FROM (SELECT min(u.n) FILTER (WHERE b.id IS NULL
                                       OR array_position(p_bet_ids, u.bet_id) <> u.n) AS unknown_at,
                   min(u.n) FILTER (WHERE b.id IS NULL
                                       OR array_position(p_bet_ids, u.bet_id) <> u.n
                                       OR b.player_id <> u.player_id
                                       OR b.amount <> u.stake) AS bad_at,
                   array_agg(v_prefix || u.player_id) AS accounts,
                   sum(u.stake)::BIGINT AS escrow_out,
                   -- Collections in; wins beyond the stake out (the moves below, summed).
                   sum(CASE WHEN u.result = 'lose' THEN u.stake
                            ELSE -greatest(u.returned - u.stake, 0) END)::BIGINT AS house_delta,
                   bool_or(u.result = 'lose' OR u.returned > u.stake) AS house_moved
              FROM unnest(p_bet_ids, p_players, p_results, p_stakes, p_returned)
                   WITH ORDINALITY AS u(bet_id, player_id, result, stake, returned, n)
              LEFT JOIN bets b ON b.id = u.bet_id AND b.round_id = p_round_id
                              AND b.status = 'OPEN') n,
           (SELECT array_agg(o.id) AS ids, array_agg(v_prefix || o.player_id) AS accounts,
                   array_agg(o.amount) AS amounts, sum(o.amount)::BIGINT AS total
              FROM (SELECT b.id, b.player_id, b.amount
                      FROM bets b
                     WHERE b.round_id = p_round_id AND b.status = 'OPEN'
                       AND b.id <> ALL (p_bet_ids)
                     ORDER BY b.id) o) s;
    IF v_bad_at IS NOT NULL THEN
        IF v_unknown_at = v_bad_at THEN
            RAISE EXCEPTION 'bet % is not an open bet of %', p_bet_ids[v_bad_at], p_round_id
                USING ERRCODE = 'BAN02';
        END IF;
        RAISE EXCEPTION 'bet % does not match its stored stake', p_bet_ids[v_bad_at]
            USING ERRCODE = 'BAN02';
    END IF;

    -- Every account this round moves chips between, locked in the global lock order; each must
    -- be there (T8.4: no foreign key on transfers checks it any more). Repeats are harmless: the
    -- index scan takes each key once.
    v_accounts := ARRAY[v_escrow, v_house] || v_named_accounts || v_stray_accounts;
    SELECT array_agg(l.id) INTO v_locked
      FROM (SELECT a.id FROM accounts a
             WHERE a.id = ANY (v_accounts)
             ORDER BY CASE a.kind WHEN 'WALLET' THEN 0 WHEN 'ESCROW' THEN 1 WHEN 'HOUSE' THEN 2
                                  ELSE 3 END,
                      a.id
               FOR NO KEY UPDATE) l;
    IF v_locked IS NULL OR NOT v_accounts <@ v_locked THEN
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
                SELECT 'REFUND', s.bet_id, v_escrow, s.account, s.amount
                  FROM unnest(v_strays, v_stray_accounts, v_stray_amounts)
                       AS s(bet_id, account, amount)) t
    ), closed_bets AS (
        -- Settled bets with their result, strays voided with their stake returned: one UPDATE.
        UPDATE bets b
           SET status = (CASE WHEN c.n <= cardinality(p_bet_ids) THEN 'SETTLED'
                              ELSE 'VOIDED' END)::bet_status,
               result = c.result, returned = c.returned, settled_at = now()
          FROM unnest(p_bet_ids || v_strays, p_results, p_returned || v_stray_amounts)
               WITH ORDINALITY AS c(id, result, returned, n)
         WHERE b.id = c.id
    ), ended_round AS (
        UPDATE rounds
           SET status = p_status::round_status, cards = p_cards, outcome = p_outcome,
               player_total = p_player_total, banker_total = p_banker_total, trace = p_trace,
               settled_at = now()
         WHERE id = p_round_id
    ), balances AS (
        -- Every account a transfer names, by what it sums to, and every bettor named (so losers'
        -- balances come back too): the escrow and the house by the check's sums.
        UPDATE accounts a SET balance = a.balance + d.delta
          FROM (SELECT x.id, sum(x.delta)::BIGINT AS delta
                  FROM (SELECT v_prefix || m.player_id AS id,
                               CASE WHEN m.result = 'lose' THEN 0
                                    ELSE greatest(m.returned, m.stake) END AS delta
                          FROM unnest(p_players, p_results, p_stakes, p_returned)
                               AS m(player_id, result, stake, returned)
                        UNION ALL
                        SELECT s.account, s.amount
                          FROM unnest(v_stray_accounts, v_stray_amounts) AS s(account, amount)) x
                 GROUP BY x.id
                UNION ALL
                SELECT v_escrow, -(coalesce(v_escrow_out, 0) + coalesce(v_stray_total, 0))
                 WHERE v_escrow_out IS NOT NULL OR v_stray_total IS NOT NULL
                UNION ALL
                SELECT v_house, v_house_delta WHERE v_house_moved) d
         -- The list locked above, so the accounts are read by key however the join is made.
         WHERE a.id = d.id AND a.id = ANY (v_accounts)
        RETURNING a.id, a.kind, a.balance
    )
    SELECT substr(x.id, length(v_prefix) + 1), x.balance
      FROM balances x WHERE x.kind::TEXT IN ('WALLET', 'ROOM_STACK');
END;
$$;
