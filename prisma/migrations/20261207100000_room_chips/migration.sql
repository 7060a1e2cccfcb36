-- Issue 43: room chips (T10.8, T11.15). A room that plays with room chips has an issuer account
-- ('issuer:<roomId>', which goes negative as it grants), a house of its own
-- ('roomhouse:<roomId>') and a stack per player ('stack:<roomId>:<playerId>'). Its stakes go
-- from the stack to the room's escrow and back, or to the room's house, with the same
-- functions as wallet stakes: they pick the accounts by whether the room has an issuer. No
-- transfer ever joins a room account to a wallet, the house or REFILL, so room chips never
-- reach a wallet: issuer + stacks + escrow + room house = 0 for every room.
ALTER TYPE "account_kind" ADD VALUE 'ROOM_ISSUER';
ALTER TYPE "account_kind" ADD VALUE 'ROOM_STACK';
ALTER TYPE "account_kind" ADD VALUE 'ROOM_HOUSE';
ALTER TYPE "transfer_kind" ADD VALUE 'GRANT';
ALTER TYPE "transfer_kind" ADD VALUE 'TOP_UP';
ALTER TYPE "transfer_kind" ADD VALUE 'ADJUST';

-- The new kinds compare as text here: an enum value added in this transaction cannot be used
-- as a constant before it commits.
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_balance_nonnegative";
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_nonnegative"
    CHECK ("kind"::TEXT IN ('HOUSE', 'REFILL', 'ROOM_ISSUER', 'ROOM_HOUSE') OR "balance" >= 0);
ALTER TABLE "accounts" ADD COLUMN "room_id" TEXT;
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_room_account_has_room"
    CHECK (("kind"::TEXT IN ('ROOM_ISSUER', 'ROOM_STACK', 'ROOM_HOUSE')) = ("room_id" IS NOT NULL));
CREATE INDEX "accounts_room_id_idx" ON "accounts"("room_id");

-- Who said yes to a grant, a top-up or an adjustment (the host's id, or the room's rule), and
-- the host's reason for an adjustment.
ALTER TABLE "transfers" ADD COLUMN "approved_by" TEXT;
ALTER TABLE "transfers" ADD COLUMN "reason" TEXT;

-- T11.12: an invite whose holder sits without asking the host.
ALTER TABLE "room_invites" ADD COLUMN "auto_approve" BOOLEAN NOT NULL DEFAULT false;

-- The account a player's stakes at a table come from and go back to: their room stack at a room
-- with room chips, their wallet everywhere else.
CREATE FUNCTION "banco_player_account"(p_table_id TEXT, p_player_id TEXT) RETURNS TEXT
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN EXISTS (SELECT 1 FROM accounts WHERE id = 'issuer:' || p_table_id)
                THEN 'stack:' || p_table_id || ':' || p_player_id
                ELSE 'wallet:' || p_player_id END
$$;

-- The house a table's lost stakes go to and its wins come from.
CREATE FUNCTION "banco_house_account"(p_table_id TEXT) RETURNS TEXT
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN EXISTS (SELECT 1 FROM accounts WHERE id = 'issuer:' || p_table_id)
                THEN 'roomhouse:' || p_table_id
                ELSE 'house' END
$$;

-- T11.15: a grant, top-up or adjustment of a room stack (p_amount signed: an adjustment may
-- take chips back to the issuer), keyed: a replay moves nothing and returns the stack.
CREATE FUNCTION "room_chips_entry"(
    p_table_id TEXT,
    p_player_id TEXT,
    p_key TEXT,
    p_kind TEXT,
    p_amount BIGINT,
    p_approved_by TEXT,
    p_reason TEXT
) RETURNS BIGINT
LANGUAGE plpgsql AS $$
DECLARE
    v_issuer TEXT := 'issuer:' || p_table_id;
    v_stack TEXT := 'stack:' || p_table_id || ':' || p_player_id;
    v_balance BIGINT;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = v_issuer) THEN
        RAISE EXCEPTION 'room % plays with wallets', p_table_id USING ERRCODE = 'BAN01';
    END IF;
    INSERT INTO accounts (id, kind, room_id) VALUES (v_stack, 'ROOM_STACK', p_table_id)
        ON CONFLICT (id) DO NOTHING;
    -- The global lock order: a room's accounts by id (issuer < stack).
    PERFORM 1 FROM accounts WHERE id IN (v_issuer, v_stack) ORDER BY id FOR NO KEY UPDATE;
    IF EXISTS (SELECT 1 FROM transfers WHERE key = p_key) THEN
        SELECT balance INTO v_balance FROM accounts WHERE id = v_stack;
        RETURN v_balance;
    END IF;
    INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, approved_by, reason)
    VALUES (p_key,
            CASE WHEN p_amount > 0 THEN v_issuer ELSE v_stack END,
            CASE WHEN p_amount > 0 THEN v_stack ELSE v_issuer END,
            abs(p_amount), p_kind::transfer_kind, p_approved_by, p_reason);
    UPDATE accounts SET balance = balance - p_amount WHERE id = v_issuer;
    UPDATE accounts SET balance = balance + p_amount WHERE id = v_stack
        RETURNING balance INTO v_balance;
    RETURN v_balance;
END;
$$;

-- The stake and settlement functions of 20261201120000_hot_path, with the accounts picked per
-- table (banco_player_account, banco_house_account); everything else as it was.
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
      WHERE a.id = ANY (ARRAY(SELECT banco_player_account(t, p)
                                FROM unnest(p_tables, p_players) AS u(t, p)
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
          LEFT JOIN accounts w ON w.id = banco_player_account(q.table_id, q.player_id)
                              AND w.kind::TEXT IN ('WALLET', 'ROOM_STACK')
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
    v_house TEXT := banco_house_account(p_table_id);
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
        RETURN QUERY SELECT p, a.balance FROM unnest(p_players) AS p
          JOIN accounts a ON a.id = banco_player_account(p_table_id, p);
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
    v_accounts := ARRAY[v_escrow, v_house]
        || ARRAY(SELECT banco_player_account(p_table_id, p) FROM unnest(p_players) AS p)
        || ARRAY(SELECT banco_player_account(p_table_id, b.player_id) FROM bets b
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
               v_escrow AS from_id, v_house AS to_id, m.stake AS amount
          FROM named m WHERE m.result = 'lose'
        UNION ALL
        SELECT 2, m.n, 0, 'RETURN', m.bet_id, v_escrow,
               banco_player_account(p_table_id, m.player_id), m.stake
          FROM named m WHERE m.result <> 'lose'
        UNION ALL
        SELECT 2, m.n, 1, 'WIN', m.bet_id, v_house,
               banco_player_account(p_table_id, m.player_id), m.returned - m.stake
          FROM named m WHERE m.result <> 'lose' AND m.returned > m.stake
        UNION ALL
        SELECT 3, s.n, 0, 'REFUND', s.id, v_escrow,
               banco_player_account(p_table_id, s.player_id), s.amount
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
                UNION ALL SELECT banco_player_account(p_table_id, p), 0
                            FROM unnest(p_players) AS p) d
         GROUP BY d.id
    ), balances AS (
        UPDATE accounts a SET balance = a.balance + d.delta
          FROM deltas d
         WHERE a.id = d.id
        RETURNING a.id, a.kind, a.balance
    )
    SELECT CASE WHEN x.kind::TEXT = 'WALLET' THEN substr(x.id, 8) ELSE split_part(x.id, ':', 3) END,
           x.balance
      FROM balances x WHERE x.kind::TEXT IN ('WALLET', 'ROOM_STACK');
END;
$$;

