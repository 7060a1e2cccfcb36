-- Issue 45: a group commit of the round writes (apps/server/src/db/round-writes.ts) that holds a
-- round's open or end was a transaction of 4 to 8 statements: BEGIN, one open_round_fenced per
-- opened round, the confirms and saves, one end_round_fenced per ended round, COMMIT. Each is a
-- round trip, and each pays node-postgres' and Postgres' fixed cost of a statement (parse of the
-- Bind, a portal, a snapshot, the fence again), while every confirm of that commit waits for all
-- of them before its ack. round_writes does the same writes, in the same order, under the same
-- locks, in ONE statement (autocommit, synchronous commit):
--   1. banco_fence once for every table of the batch (T13.3), before anything is written: it
--      holds each lease FOR KEY SHARE to commit, so no later write needs it again, and a stale
--      lease raises BAN09 with every stale table in its DETAIL, as each statement's fence did;
--   2. the opens: one INSERT ... ON CONFLICT (table_id, seq) DO NOTHING for all, then each id by
--      (table_id, seq) in a new statement (a new snapshot: our rows, and a retry's round opened
--      by an earlier commit, T9.8); a round neither inserted nor found raises BAN01 as before;
--   3. escrow_bets (the confirms) and the saves' upsert, as banco_escrow_and_save_fenced did;
--   4. end_round for each end, in the batch's order (a round ends with every stake escrowed
--      before it, T6.5).
-- Refusals still raise and undo the whole statement: the caller then writes each open and end
-- apart (writeApart), so one table's refusal is no other table's.
-- Answers: one row per answer, by kind and by its index (1-based) among the writes of its kind:
--   'open'   n, id = the round's id;
--   'escrow' n = escrow_bets' req, code, balance, id = bet id, spot, amount;
--   'end'    n, id = a bettor's player id, balance.
CREATE FUNCTION "round_writes"(
    p_fence_tables TEXT[],
    p_fence_epochs BIGINT[],
    -- The opens, one element each.
    p_open_ids TEXT[],
    p_open_tables TEXT[],
    p_open_shoes TEXT[],
    p_open_seqs INTEGER[],
    p_open_numbers INTEGER[],
    p_open_holders INTEGER[],
    -- The confirms: escrow_bets' parameters (an empty p_esc_tables: no confirm).
    p_esc_tables TEXT[],
    p_esc_rounds TEXT[],
    p_esc_players TEXT[],
    p_esc_seats INTEGER[],
    p_esc_confirm_ids TEXT[],
    p_esc_bet_reqs INTEGER[],
    p_esc_bet_ids TEXT[],
    p_esc_spots TEXT[],
    p_esc_amounts BIGINT[],
    -- The saves, one JSON document as savesJson makes it (NULL: no save).
    p_saves JSON,
    -- The ends, one element each; p_end_rounds_json[n] = {"c": cards, "t": trace}, each key
    -- absent where end_round is given NULL. End n's bets are elements p_end_bets_from[n] to
    -- p_end_bets_from[n + 1] - 1 of the bet arrays (p_end_bets_from has one element more).
    p_end_tables TEXT[],
    p_end_rounds TEXT[],
    p_end_statuses TEXT[],
    p_end_json JSONB,
    p_end_outcomes TEXT[],
    p_end_player_totals INTEGER[],
    p_end_banker_totals INTEGER[],
    p_end_bets_from INTEGER[],
    p_bet_ids TEXT[],
    p_bet_players TEXT[],
    p_bet_results TEXT[],
    p_bet_stakes BIGINT[],
    p_bet_returned BIGINT[]
) RETURNS TABLE ("kind" TEXT, "n" INTEGER, "code" TEXT, "id" TEXT, "balance" BIGINT,
                 "spot" TEXT, "amount" BIGINT)
LANGUAGE plpgsql
-- Every row found by its key, as in escrow_bets and end_round.
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
    v_missing TEXT;
    v_found BIGINT;
    v_from INTEGER;
    v_to INTEGER;
BEGIN
    PERFORM banco_fence(p_fence_tables, p_fence_epochs);

    IF cardinality(p_open_tables) > 0 THEN
        -- In key order: two commits opening the same rounds (a retry racing its first try) wait
        -- for each other's rows in one order, never each for the other.
        INSERT INTO rounds (id, table_id, shoe_id, seq, number, holder_seat)
        SELECT o.id, o.table_id, o.shoe_id, o.seq, o.number, o.holder
          FROM unnest(p_open_ids, p_open_tables, p_open_shoes, p_open_seqs, p_open_numbers,
                      p_open_holders) AS o(id, table_id, shoe_id, seq, number, holder)
         ORDER BY o.table_id, o.seq
        ON CONFLICT (table_id, seq) DO NOTHING;
        RETURN QUERY
        SELECT 'open', o.n::INTEGER, NULL::TEXT, r.id, NULL::BIGINT, NULL::TEXT, NULL::BIGINT
          FROM unnest(p_open_tables, p_open_seqs) WITH ORDINALITY AS o(table_id, seq, n)
          JOIN rounds r ON r.table_id = o.table_id AND r.seq = o.seq;
        GET DIAGNOSTICS v_found = ROW_COUNT;
        -- Neither inserted nor there (deleted since): refused, as the open alone refused it.
        IF v_found < cardinality(p_open_tables) THEN
            SELECT o.table_id || ' round ' || o.seq INTO v_missing
              FROM unnest(p_open_tables, p_open_seqs) AS o(table_id, seq)
             WHERE NOT EXISTS (SELECT 1 FROM rounds r
                                WHERE r.table_id = o.table_id AND r.seq = o.seq)
             LIMIT 1;
            RAISE EXCEPTION 'round of % vanished', v_missing USING ERRCODE = 'BAN01';
        END IF;
    END IF;

    IF cardinality(p_esc_tables) > 0 THEN
        RETURN QUERY
        SELECT 'escrow', e.req, e.code, e.bet_id, e.balance, e.spot, e.amount
          FROM escrow_bets(p_esc_tables, p_esc_rounds, p_esc_players, p_esc_seats,
                           p_esc_confirm_ids, p_esc_bet_reqs, p_esc_bet_ids, p_esc_spots,
                           p_esc_amounts) AS e;
    END IF;

    IF p_saves IS NOT NULL THEN
        INSERT INTO table_states (table_id, version, round_seq, shoe_id, state, updated_at)
        SELECT s.table_id, s.version, s.round_seq, s.shoe_id, s.state, now()
          FROM json_to_recordset(p_saves)
               AS s(table_id text, version int, round_seq int, shoe_id text, state json)
        ON CONFLICT (table_id) DO UPDATE
           SET version = EXCLUDED.version, round_seq = EXCLUDED.round_seq,
               shoe_id = EXCLUDED.shoe_id, state = EXCLUDED.state,
               updated_at = EXCLUDED.updated_at;
    END IF;

    FOR i IN 1 .. coalesce(cardinality(p_end_tables), 0) LOOP
        v_from := p_end_bets_from[i];
        v_to := p_end_bets_from[i + 1] - 1;
        RETURN QUERY
        SELECT 'end', i, NULL::TEXT, e.player_id, e.balance, NULL::TEXT, NULL::BIGINT
          FROM end_round(p_end_tables[i], p_end_rounds[i], p_end_statuses[i],
                         p_end_json -> (i - 1) -> 'c', p_end_outcomes[i],
                         p_end_player_totals[i], p_end_banker_totals[i],
                         p_end_json -> (i - 1) -> 't',
                         coalesce(p_bet_ids[v_from:v_to], '{}'),
                         coalesce(p_bet_players[v_from:v_to], '{}'),
                         coalesce(p_bet_results[v_from:v_to], '{}'),
                         coalesce(p_bet_stakes[v_from:v_to], '{}'),
                         coalesce(p_bet_returned[v_from:v_to], '{}')) AS e;
    END LOOP;
END;
$$;
