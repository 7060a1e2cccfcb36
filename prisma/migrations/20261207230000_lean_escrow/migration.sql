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
-- - the rows each lock statement locks are also the ones it reads (a row locked FOR SHARE or FOR
--   NO KEY UPDATE is returned in its newest committed version), kept in arrays; a confirm finds
--   its round, payer and escrow in them by position (array_position), not by a join;
-- - every row read from a table is read by its key: an index condition on the key (`= ANY` of
--   the keys, or a sub-plan probing one key per confirm), never a join the planner may turn into
--   a scan of the table;
-- - no CTE, no hash, no merge join; the only sorts are the lock orders and the answer's order;
-- - the bets' probe (replay or already confirmed) is one index probe per confirm, not two;
-- - the replayed bets are read only when a confirm is a replay; the writes run only when a
--   confirm was accepted;
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
    -- Request n pays from v_payers[n]: the player's room stack at a room with room chips (it
    -- has an issuer), their wallet everywhere else. v_totals[n]: the sum of its bets.
    v_payers TEXT[];
    v_totals BIGINT[];
    -- The rounds locked, and the accounts locked (payers and escrows), as they are under the lock.
    v_round_ids TEXT[];
    v_round_tables TEXT[];
    v_round_open BOOLEAN[];
    v_account_ids TEXT[];
    v_account_kinds TEXT[];
    v_account_balances BIGINT[];
    -- Request n's answer: its code, and its payer's balance before this statement (null when it
    -- has no payer).
    v_codes TEXT[];
    v_balances BIGINT[];
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
    -- The rounds FOR SHARE, in id order: settlement takes its round exclusively, so no stake
    -- lands in a round being settled. The same statement finds each request's payer (the issuer
    -- is read by its key, one probe per request) and its total; neither takes a lock.
    SELECT array_agg(r.id), array_agg(r.table_id), array_agg(r.status = 'OPEN'),
           -- A scalar sub-query, not EXISTS: the planner may run an EXISTS as one hashed scan of
           -- every account.
           ARRAY(SELECT CASE WHEN (SELECT TRUE FROM accounts i WHERE i.id = 'issuer:' || u.t)
                             THEN 'stack:' || u.t || ':' || u.p ELSE 'wallet:' || u.p END
                   FROM unnest(p_tables, p_players) AS u(t, p)),
           ARRAY(SELECT (SELECT sum(b.amount)::BIGINT
                           FROM unnest(p_bet_reqs, p_amounts) AS b(req, amount)
                          WHERE b.req = u.n)
                   FROM unnest(p_players) WITH ORDINALITY AS u(p, n))
      INTO v_round_ids, v_round_tables, v_round_open, v_payers, v_totals
      FROM (SELECT r.id, r.table_id, r.status FROM rounds r
             WHERE r.id = ANY (p_rounds)
             ORDER BY r.id
               FOR SHARE) AS r;
    -- Then the payers and the tables' escrows, in the global lock order (wallets by id, then
    -- the others by id), held until commit. A row locked is read in its newest version: the
    -- balances kept are the locked ones, so the decision below is the one the CHECK would make.
    SELECT array_agg(a.id), array_agg(a.kind::TEXT), array_agg(a.balance)
      INTO v_account_ids, v_account_kinds, v_account_balances
      FROM (SELECT a.id, a.kind, a.balance FROM accounts a
             WHERE a.id = ANY (v_payers || ARRAY(SELECT 'escrow:' || t FROM unnest(p_tables) AS t))
             ORDER BY CASE a.kind WHEN 'WALLET' THEN 0 ELSE 1 END, a.id
               FOR NO KEY UPDATE) AS a;

    -- A new statement, so a new snapshot: a concurrent replay of one of these confirms that held
    -- its wallet before us has committed, and its bets are visible here. One probe of the bets
    -- by (round, player) per request that got this far: its replay, or its open bets.
    SELECT array_agg(d.code), array_agg(d.balance),
           array_agg(d.payer) FILTER (WHERE d.code = 'ACCEPTED')
             || array_agg('escrow:' || d.table_id) FILTER (WHERE d.code = 'ACCEPTED')
      INTO v_codes, v_balances, v_moved
      FROM (SELECT q.payer, q.table_id,
              CASE
                WHEN NOT coalesce(v_round_tables[array_position(v_round_ids, q.round_id)] = q.table_id,
                                  FALSE) THEN 'NO_ROUND'
                WHEN NOT coalesce(v_account_kinds[array_position(v_account_ids, 'escrow:' || q.table_id)]
                                  = 'ESCROW', FALSE) THEN 'NO_ESCROW'
                WHEN NOT coalesce(v_account_kinds[array_position(v_account_ids, q.payer)]
                                  IN ('WALLET', 'ROOM_STACK'), FALSE) THEN 'NO_WALLET'
                ELSE coalesce(
                  (SELECT CASE WHEN bool_or(b.confirm_id = q.confirm_id) THEN 'REPLAYED'
                               WHEN bool_or(b.status = 'OPEN') THEN 'ALREADY_CONFIRMED' END
                     FROM bets b
                    WHERE b.round_id = q.round_id AND b.player_id = q.player_id),
                  CASE
                    WHEN NOT v_round_open[array_position(v_round_ids, q.round_id)] THEN 'ROUND_NOT_OPEN'
                    WHEN v_totals[q.n] IS NULL
                      OR v_account_balances[array_position(v_account_ids, q.payer)] < v_totals[q.n]
                      THEN 'INSUFFICIENT_BALANCE'
                    ELSE 'ACCEPTED'
                  END)
              END AS code,
              CASE WHEN v_account_kinds[array_position(v_account_ids, q.payer)] IN ('WALLET', 'ROOM_STACK')
                   THEN v_account_balances[array_position(v_account_ids, q.payer)] END AS balance
              FROM unnest(p_tables, p_rounds, p_players, p_confirm_ids, v_payers)
                   WITH ORDINALITY AS q(table_id, round_id, player_id, confirm_id, payer, n)
            -- Planned apart (not flattened into the aggregate): each code is computed once.
            OFFSET 0) AS d;

    IF 'ACCEPTED' = ANY (v_codes) THEN
        -- The accepted requests' bets, in the order given, then their stake transfers in the
        -- same order (a replay answers in the transfers' order).
        INSERT INTO bets (id, round_id, player_id, seat, spot, amount, confirm_id)
        SELECT u.bet_id, p_rounds[u.req], p_players[u.req], p_seats[u.req], u.spot, u.amount,
               p_confirm_ids[u.req]
          FROM unnest(p_bet_reqs, p_bet_ids, p_spots, p_amounts) AS u(req, bet_id, spot, amount)
         WHERE v_codes[u.req] = 'ACCEPTED';
        INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
        SELECT 'stake:' || u.bet_id, v_payers[u.req], 'escrow:' || p_tables[u.req], u.amount,
               'STAKE', p_rounds[u.req], u.bet_id
          FROM unnest(p_bet_reqs, p_bet_ids, p_amounts) AS u(req, bet_id, amount)
         WHERE v_codes[u.req] = 'ACCEPTED';
        -- Every balance in one UPDATE, each row found by its key: each payer's total out, each
        -- escrow's sum in.
        UPDATE accounts x
           SET balance = x.balance
                 + (SELECT sum(CASE WHEN x.id = c.payer THEN -c.total ELSE c.total END)::BIGINT
                      FROM unnest(v_codes, v_payers, p_tables, v_totals) AS c(code, payer, t, total)
                     WHERE c.code = 'ACCEPTED' AND x.id IN (c.payer, 'escrow:' || c.t))
         WHERE x.id = ANY (v_moved);
    END IF;

    IF 'REPLAYED' = ANY (v_codes) THEN
        -- A replay answers with the bets first escrowed, in the order they were placed.
        RETURN QUERY
        SELECT c.n::INTEGER, c.code,
               CASE WHEN c.code = 'ACCEPTED' THEN c.balance - v_totals[c.n] ELSE c.balance END,
               s.bet_id, s.spot, s.amount
          FROM unnest(v_codes, v_balances) WITH ORDINALITY AS c(code, balance, n)
          LEFT JOIN LATERAL (
              SELECT u.bet_id, u.spot, u.amount, u.n AS ord
                FROM unnest(p_bet_reqs, p_bet_ids, p_spots, p_amounts)
                     WITH ORDINALITY AS u(req, bet_id, spot, amount, n)
               WHERE c.code = 'ACCEPTED' AND u.req = c.n
              UNION ALL
              SELECT b.id, b.spot, b.amount,
                     (SELECT t.id FROM transfers t WHERE t.key = 'stake:' || b.id)
                FROM bets b
               WHERE c.code = 'REPLAYED' AND b.round_id = p_rounds[c.n]
                 AND b.player_id = p_players[c.n] AND b.confirm_id = p_confirm_ids[c.n]
          ) AS s ON TRUE
         ORDER BY c.n, s.ord;
    ELSE
        -- No replay: an accepted request answers with its bets as given, with its payer's balance
        -- after them; a refused one with one row.
        RETURN QUERY
        SELECT a.req, a.code, a.balance, a.bet_id, a.spot, a.amount
          FROM (SELECT u.req, 'ACCEPTED' AS code, v_balances[u.req] - v_totals[u.req] AS balance,
                       u.bet_id, u.spot, u.amount, u.n AS ord
                  FROM unnest(p_bet_reqs, p_bet_ids, p_spots, p_amounts)
                       WITH ORDINALITY AS u(req, bet_id, spot, amount, n)
                 WHERE v_codes[u.req] = 'ACCEPTED'
                UNION ALL
                SELECT c.n::INTEGER, c.code, c.balance, NULL, NULL, NULL, 0
                  FROM unnest(v_codes, v_balances) WITH ORDINALITY AS c(code, balance, n)
                 WHERE c.code <> 'ACCEPTED') AS a
         ORDER BY a.req, a.ord;
    END IF;
END;
$$;
