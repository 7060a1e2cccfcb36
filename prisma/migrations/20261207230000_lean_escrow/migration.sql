-- Issue 45: the fixed cost of an escrow statement. Under `perf`, escrowing one confirm cost the
-- backend as much CPU as escrowing thirteen: nearly all of it was per statement, not per bet.
-- The executor's set-up of escrow_bets' plans was a fifth of it (one CTE plan of some sixty
-- nodes, read several times, with sorts, hashes and a merge join, plus four preliminary
-- queries), and the generic plan joined the payer and escrow accounts by reading every account
-- of those kinds (an index scan with only a filter), which grows with the number of wallets.
--
-- escrow_bets below decides and writes exactly what that of 20261207180000_round_statements did
-- (T8.3, T8.4): the same locks in the same order, the same refusals, the same rows written and
-- the same answers, row for row. What changed is how:
-- - three statements instead of five: the locks (rounds, then accounts), the decision, and the
--   writes with the answer (a fourth reads the replayed bets when a confirm is a replay);
-- - the accounts locked are read by the statement that locks them (a row locked FOR NO KEY
--   UPDATE is returned in its newest committed version) into arrays, and a confirm finds its
--   payer and escrow in them by position (array_position), not by a join;
-- - every row read from a table is read by its key: an index condition on the key (`= ANY` of
--   the keys, or a sub-plan probing one key per confirm), never a join the planner may turn into
--   a scan of the table (with few accounts the old generic plan read every wallet per call);
-- - no CTE read by another part of the statement, no hash, no merge join; the only sorts are
--   the two lock orders and the answer's order;
-- - the bets' probe (replay or already confirmed) is one index probe per confirm, not two;
-- - the duplicate-player check is skipped for a batch of one player (it cannot fail then).
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
-- Every row this function touches is found by its key: planned once per connection, and never
-- by scanning a table, however small the planner thinks it is (rounds and accounts only grow).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
    -- The accounts locked (payers and escrows), as they are under the lock.
    v_account_ids TEXT[];
    v_account_kinds TEXT[];
    v_account_balances BIGINT[];
    -- Request n pays from v_payers[n]: the player's room stack at a room with room chips (it
    -- has an issuer), their wallet everywhere else. Its answer: v_codes[n]; its payer's balance
    -- before this call (null when it has none): v_balances[n]; the sum of its bets: v_totals[n].
    v_payers TEXT[];
    v_codes TEXT[];
    v_balances BIGINT[];
    v_totals BIGINT[];
    -- The accounts the accepted requests move: their payers and their tables' escrows.
    v_moved TEXT[];
BEGIN
    IF coalesce(cardinality(p_players), 0) = 0 THEN
        RETURN;
    END IF;
    -- One player (not null) cannot appear twice: the check, a query of its own, is for batches.
    IF cardinality(p_players) > 1 OR p_players[1] IS NULL THEN
        IF cardinality(p_players) <> (SELECT count(DISTINCT p) FROM unnest(p_players) AS p) THEN
            RAISE EXCEPTION 'a player may appear once in an escrow batch' USING ERRCODE = 'BAN02';
        END IF;
    END IF;
    -- The locks, in one statement and in this order, held until commit:
    -- 1. the rounds FOR SHARE, in id order: settlement takes its round exclusively, so no stake
    --    lands in a round being settled;
    -- 2. then the payers and the tables' escrows, in the global lock order (wallets by id, then
    --    the others by id). The keys of this scan are the sub-query that locks the rounds and
    --    counts them: no account is locked before every round is. Each request's payer is its
    --    room stack when its table has an issuer (read by its key; no lock), else its wallet.
    -- A row locked is read in its newest version: the balances kept are the locked ones, so the
    -- decision below is the one the CHECK would make.
    SELECT array_agg(a.id), array_agg(a.kind::TEXT), array_agg(a.balance)
      INTO v_account_ids, v_account_kinds, v_account_balances
      FROM (SELECT a.id, a.kind, a.balance FROM accounts a
             WHERE a.id = ANY ((
                   SELECT CASE WHEN count(*) >= 0 THEN
                            -- A scalar sub-query, not EXISTS: the planner may run an EXISTS as
                            -- one hashed scan of every account.
                            ARRAY(SELECT CASE WHEN (SELECT TRUE FROM accounts i
                                                     WHERE i.id = 'issuer:' || p_tables[n])
                                              THEN 'stack:' || p_tables[n] || ':' || p_players[n]
                                              ELSE 'wallet:' || p_players[n] END
                                    FROM generate_subscripts(p_players, 1) AS n)
                            || ARRAY(SELECT 'escrow:' || p_tables[n]
                                       FROM generate_subscripts(p_players, 1) AS n)
                          END
                     FROM (SELECT FROM rounds r
                            WHERE r.id = ANY (p_rounds)
                            ORDER BY r.id
                              FOR SHARE) AS locked_rounds)::TEXT[])
             ORDER BY CASE a.kind WHEN 'WALLET' THEN 0 ELSE 1 END, a.id
               FOR NO KEY UPDATE) AS a;

    -- A new statement, so a new snapshot: a concurrent replay of one of these confirms that held
    -- its wallet before us has committed, and its bets are visible here; the round and the
    -- accounts are as locked (no other writer moves them while we hold them). Per request, by
    -- key: its round (one probe), its bets in that round (one probe: its replay, or its open
    -- bets), its payer and escrow among the accounts locked. Its payer is its stack when the
    -- stack was locked (only asked for at a table with an issuer), its wallet otherwise (only
    -- locked at a table without one). The aggregates read one function scan, with no join nor
    -- sort: element n of each array is request n's.
    SELECT array_agg(d.code), array_agg(d.balance), array_agg(d.payer), array_agg(d.total),
           -- Two by n: `= ANY` reads every element of an array of any shape.
           array_agg(ARRAY[d.payer, 'escrow:' || d.table_id]) FILTER (WHERE d.code = 'ACCEPTED')
      INTO v_codes, v_balances, v_payers, v_totals, v_moved
      FROM (SELECT e.payer, e.table_id, e.total,
                   CASE WHEN v_account_kinds[e.wi] IN ('WALLET', 'ROOM_STACK')
                        THEN v_account_balances[e.wi] END AS balance,
                   CASE
                     WHEN e.round_open IS NULL THEN 'NO_ROUND'
                     WHEN NOT coalesce(v_account_kinds[e.ei] = 'ESCROW', FALSE) THEN 'NO_ESCROW'
                     WHEN NOT coalesce(v_account_kinds[e.wi] IN ('WALLET', 'ROOM_STACK'), FALSE)
                       THEN 'NO_WALLET'
                     WHEN e.bets IS NOT NULL THEN e.bets
                     WHEN NOT e.round_open THEN 'ROUND_NOT_OPEN'
                     WHEN e.total IS NULL OR v_account_balances[e.wi] < e.total
                       THEN 'INSUFFICIENT_BALANCE'
                     ELSE 'ACCEPTED'
                   END AS code
              FROM (SELECT p.payer, p.table_id,
                           array_position(v_account_ids, p.payer) AS wi,
                           array_position(v_account_ids, 'escrow:' || p.table_id) AS ei,
                           -- By its id alone (the table is compared, not searched: the
                           -- index by table would read every round of the table).
                           (SELECT CASE WHEN r.table_id = p.table_id THEN r.status = 'OPEN' END
                              FROM rounds r WHERE r.id = p_rounds[p.n]) AS round_open,
                           (SELECT CASE WHEN bool_or(b.confirm_id = p_confirm_ids[p.n]) THEN 'REPLAYED'
                                        WHEN bool_or(b.status = 'OPEN') THEN 'ALREADY_CONFIRMED' END
                              FROM bets b
                             WHERE b.round_id = p_rounds[p.n] AND b.player_id = p_players[p.n]) AS bets,
                           (SELECT sum(p_amounts[i])::BIGINT
                              FROM generate_subscripts(p_bet_reqs, 1) AS i
                             WHERE p_bet_reqs[i] = p.n) AS total
                      FROM (SELECT n, p_tables[n] AS table_id,
                                   CASE WHEN 'stack:' || p_tables[n] || ':' || p_players[n]
                                             = ANY (v_account_ids)
                                        THEN 'stack:' || p_tables[n] || ':' || p_players[n]
                                        ELSE 'wallet:' || p_players[n] END AS payer
                              FROM generate_subscripts(p_players, 1) AS n) AS p
                    -- Planned apart (not flattened into the aggregate): each probe runs once.
                    OFFSET 0) AS e) AS d;

    -- The writes and the answer in one statement (each statement has a fixed cost): the
    -- accepted requests' bets as given, their stake transfers in the same order (a replay
    -- answers in the transfers' order), and every balance in one UPDATE, each row found by its
    -- key: each payer's total out, each escrow's sum in. An accepted request answers with its
    -- bets as given and its payer's balance after them; a refused one with one row. A batch
    -- with a replay is answered by the next statement instead, in the same order.
    RETURN QUERY
    WITH new_bets AS (
        INSERT INTO bets (id, round_id, player_id, seat, spot, amount, confirm_id)
        SELECT p_bet_ids[i], p_rounds[p_bet_reqs[i]], p_players[p_bet_reqs[i]],
               p_seats[p_bet_reqs[i]], p_spots[i], p_amounts[i], p_confirm_ids[p_bet_reqs[i]]
          FROM generate_subscripts(p_bet_reqs, 1) AS i
         WHERE v_codes[p_bet_reqs[i]] = 'ACCEPTED'
    ), stakes AS (
        INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
        SELECT 'stake:' || p_bet_ids[i], v_payers[p_bet_reqs[i]], 'escrow:' || p_tables[p_bet_reqs[i]],
               p_amounts[i], 'STAKE', p_rounds[p_bet_reqs[i]], p_bet_ids[i]
          FROM generate_subscripts(p_bet_reqs, 1) AS i
         WHERE v_codes[p_bet_reqs[i]] = 'ACCEPTED'
    ), moved AS (
        UPDATE accounts x
           SET balance = x.balance
                 + (SELECT sum(CASE WHEN x.id = v_payers[c] THEN -v_totals[c] ELSE v_totals[c] END)::BIGINT
                      FROM generate_subscripts(v_codes, 1) AS c
                     WHERE v_codes[c] = 'ACCEPTED' AND x.id IN (v_payers[c], 'escrow:' || p_tables[c]))
         WHERE x.id = ANY (v_moved)
    )
    SELECT a.req, a.code, a.balance, a.bet_id, a.spot, a.amount
      FROM (SELECT p_bet_reqs[i] AS req, 'ACCEPTED' AS code,
                   v_balances[p_bet_reqs[i]] - v_totals[p_bet_reqs[i]] AS balance,
                   p_bet_ids[i] AS bet_id, p_spots[i] AS spot, p_amounts[i] AS amount, i AS ord
              FROM generate_subscripts(p_bet_reqs, 1) AS i
             WHERE v_codes[p_bet_reqs[i]] = 'ACCEPTED'
            UNION ALL
            SELECT c, v_codes[c], v_balances[c], NULL, NULL, NULL, 0
              FROM generate_subscripts(v_codes, 1) AS c
             WHERE v_codes[c] <> 'ACCEPTED') AS a
     WHERE NOT ('REPLAYED' = ANY (v_codes))
     ORDER BY a.req, a.ord;

    IF 'REPLAYED' = ANY (v_codes) THEN
        -- A replay answers with the bets first escrowed, in the order they were placed.
        RETURN QUERY
        SELECT c::INTEGER, v_codes[c],
               CASE WHEN v_codes[c] = 'ACCEPTED' THEN v_balances[c] - v_totals[c] ELSE v_balances[c] END,
               s.bet_id, s.spot, s.amount
          FROM generate_subscripts(v_codes, 1) AS c
          LEFT JOIN LATERAL (
              SELECT p_bet_ids[i] AS bet_id, p_spots[i] AS spot, p_amounts[i] AS amount,
                     i::BIGINT AS ord
                FROM generate_subscripts(p_bet_reqs, 1) AS i
               WHERE v_codes[c] = 'ACCEPTED' AND p_bet_reqs[i] = c
              UNION ALL
              -- A sub-query, not a join: the transfer is found by its key.
              SELECT b.id, b.spot, b.amount,
                     (SELECT t.id FROM transfers t WHERE t.key = 'stake:' || b.id)
                FROM bets b
               WHERE v_codes[c] = 'REPLAYED' AND b.round_id = p_rounds[c]
                 AND b.player_id = p_players[c] AND b.confirm_id = p_confirm_ids[c]
          ) AS s ON TRUE
         ORDER BY c, s.ord;
    END IF;
END;
$$;

-- banco_fence of 20261201130000_table_leases, with the same guarantee (T13.3): it holds each
-- named (table, epoch) FOR KEY SHARE for the rest of the transaction, in table order, or raises
-- BAN09 naming every stale table. What changed: one statement instead of two. The leases are
-- locked by the sub-query the check compares against (evaluated in full before the first
-- comparison), and the check compares each named pair with the locked rows as they are under
-- the lock (their newest version), instead of reading the leases again in a second statement
-- with a join the planner could make a scan of every lease.
CREATE OR REPLACE FUNCTION "banco_fence"(p_tables TEXT[], p_epochs BIGINT[]) RETURNS BOOLEAN
LANGUAGE plpgsql AS $$
DECLARE
    v_stale TEXT[];
BEGIN
    IF p_epochs IS NULL THEN
        RETURN TRUE;
    END IF;
    SELECT array_agg(DISTINCT f.table_id ORDER BY f.table_id) INTO v_stale
      FROM unnest(p_tables, p_epochs) AS f(table_id, epoch)
     WHERE NOT coalesce(ROW(f.table_id, f.epoch) = ANY (ARRAY(
               SELECT ROW(l.table_id, l.epoch) FROM table_leases l
                WHERE l.table_id = ANY (p_tables)
                ORDER BY l.table_id
                  FOR KEY SHARE)), FALSE);
    IF v_stale IS NOT NULL THEN
        RAISE EXCEPTION 'fenced: the lease of % has a newer epoch', array_to_string(v_stale, ', ')
            USING ERRCODE = 'BAN09', DETAIL = to_json(v_stale)::TEXT;
    END IF;
    RETURN TRUE;
END;
$$;
