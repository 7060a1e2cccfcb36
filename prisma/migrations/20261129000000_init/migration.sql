-- Banco: chip ledger and table history.
-- Hand-written (the Prisma schema engine cannot run here); applied by
-- apps/server/src/db/migrate.ts and recorded in _prisma_migrations.
-- Invariants that only SQL can hold live here: balance CHECKs, singleton
-- accounts, append-only transfers. Never edit an applied migration: add one.

-- CreateEnum
CREATE TYPE "account_kind" AS ENUM ('WALLET', 'HOUSE', 'REFILL', 'ESCROW');
CREATE TYPE "transfer_kind" AS ENUM ('WELCOME', 'REFILL', 'STAKE', 'COLLECT', 'RETURN', 'WIN');
CREATE TYPE "round_status" AS ENUM ('OPEN', 'SETTLED');
CREATE TYPE "bet_status" AS ENUM ('OPEN', 'SETTLED');
CREATE TYPE "seat_event_kind" AS ENUM ('SIT', 'LEAVE');

-- CreateTable
CREATE TABLE "players" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "players_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "players_token_hash_format" CHECK ("token_hash" ~ '^[0-9a-f]{64}$')
);

CREATE TABLE "tables" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_public" BOOLEAN NOT NULL DEFAULT true,
    "settings" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tables_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "kind" "account_kind" NOT NULL,
    "player_id" TEXT,
    "table_id" TEXT,
    "balance" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id"),
    -- Only REFILL (the mint) and HOUSE (the bank) may go negative.
    CONSTRAINT "accounts_balance_nonnegative" CHECK ("kind" IN ('HOUSE', 'REFILL') OR "balance" >= 0),
    CONSTRAINT "accounts_wallet_has_player" CHECK (("kind" = 'WALLET') = ("player_id" IS NOT NULL)),
    CONSTRAINT "accounts_escrow_has_table" CHECK (("kind" = 'ESCROW') = ("table_id" IS NOT NULL))
);

CREATE TABLE "transfers" (
    "id" BIGSERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "from_account_id" TEXT NOT NULL,
    "to_account_id" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "kind" "transfer_kind" NOT NULL,
    "round_id" TEXT,
    "bet_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transfers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transfers_amount_positive" CHECK ("amount" > 0),
    CONSTRAINT "transfers_distinct_accounts" CHECK ("from_account_id" <> "to_account_id")
);

CREATE TABLE "shoes" (
    "id" TEXT NOT NULL,
    "table_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "commitment" TEXT NOT NULL,
    "server_seed" TEXT NOT NULL,
    "client_seed" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "burn_shown" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),
    "revealed_at" TIMESTAMPTZ(3),

    CONSTRAINT "shoes_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "rounds" (
    "id" TEXT NOT NULL,
    "table_id" TEXT NOT NULL,
    "shoe_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "round_status" NOT NULL DEFAULT 'OPEN',
    "cards" JSONB,
    "outcome" TEXT,
    "player_total" INTEGER,
    "banker_total" INTEGER,
    "trace" JSONB,
    "holder_seat" INTEGER,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "rounds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rounds_outcome_valid" CHECK ("outcome" IS NULL OR "outcome" IN ('player', 'banker', 'tie'))
);

CREATE TABLE "bets" (
    "id" TEXT NOT NULL,
    "round_id" TEXT NOT NULL,
    "player_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "spot" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "confirm_id" TEXT NOT NULL,
    "status" "bet_status" NOT NULL DEFAULT 'OPEN',
    "result" TEXT,
    "returned" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "bets_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bets_amount_positive" CHECK ("amount" > 0),
    CONSTRAINT "bets_result_valid" CHECK ("result" IS NULL OR "result" IN ('win', 'push', 'lose')),
    CONSTRAINT "bets_returned_nonnegative" CHECK ("returned" IS NULL OR "returned" >= 0),
    -- A settled bet always carries its result; an open one never does.
    CONSTRAINT "bets_settled_complete" CHECK (
        ("status" = 'SETTLED') = ("result" IS NOT NULL AND "returned" IS NOT NULL AND "settled_at" IS NOT NULL)
    )
);

CREATE TABLE "seat_events" (
    "id" BIGSERIAL NOT NULL,
    "table_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "player_id" TEXT NOT NULL,
    "kind" "seat_event_kind" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seat_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "players_token_hash_key" ON "players"("token_hash");
CREATE UNIQUE INDEX "accounts_player_id_key" ON "accounts"("player_id");
CREATE UNIQUE INDEX "accounts_table_id_key" ON "accounts"("table_id");
-- HOUSE and REFILL are singletons.
CREATE UNIQUE INDEX "accounts_singleton_kind_key" ON "accounts"("kind") WHERE "kind" IN ('HOUSE', 'REFILL');
CREATE UNIQUE INDEX "transfers_key_key" ON "transfers"("key");
CREATE INDEX "transfers_from_account_id_idx" ON "transfers"("from_account_id");
CREATE INDEX "transfers_to_account_id_idx" ON "transfers"("to_account_id");
CREATE INDEX "transfers_round_id_idx" ON "transfers"("round_id");
CREATE INDEX "transfers_bet_id_idx" ON "transfers"("bet_id");
CREATE UNIQUE INDEX "shoes_table_id_number_key" ON "shoes"("table_id", "number");
CREATE UNIQUE INDEX "rounds_table_id_seq_key" ON "rounds"("table_id", "seq");
CREATE INDEX "rounds_shoe_id_number_idx" ON "rounds"("shoe_id", "number");
CREATE UNIQUE INDEX "bets_round_id_player_id_spot_key" ON "bets"("round_id", "player_id", "spot");
CREATE INDEX "bets_round_id_idx" ON "bets"("round_id");
CREATE INDEX "bets_player_id_idx" ON "bets"("player_id");
CREATE INDEX "seat_events_table_id_at_idx" ON "seat_events"("table_id", "at");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_account_id_fkey" FOREIGN KEY ("from_account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_account_id_fkey" FOREIGN KEY ("to_account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_bet_id_fkey" FOREIGN KEY ("bet_id") REFERENCES "bets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "shoes" ADD CONSTRAINT "shoes_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_shoe_id_fkey" FOREIGN KEY ("shoe_id") REFERENCES "shoes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "bets" ADD CONSTRAINT "bets_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "rounds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "bets" ADD CONSTRAINT "bets_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "seat_events" ADD CONSTRAINT "seat_events_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "seat_events" ADD CONSTRAINT "seat_events_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Transfers are the ledger's history: balances are re-derivable from them only
-- if no row ever changes or disappears.
CREATE FUNCTION "transfers_immutable"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'transfers are immutable (% refused)', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER "transfers_no_update_delete"
    BEFORE UPDATE OR DELETE ON "transfers"
    FOR EACH ROW EXECUTE FUNCTION "transfers_immutable"();

CREATE TRIGGER "transfers_no_truncate"
    BEFORE TRUNCATE ON "transfers"
    FOR EACH STATEMENT EXECUTE FUNCTION "transfers_immutable"();

-- Seed: the two singleton accounts and the public main table with its escrow.
INSERT INTO "accounts" ("id", "kind", "balance") VALUES
    ('house', 'HOUSE', 0),
    ('refill', 'REFILL', 0);

INSERT INTO "tables" ("id", "name", "is_public", "settings") VALUES (
    'main',
    'Main table',
    true,
    '{"seats":14,"decks":8,"cut":16,"lastHand":"plus-one","rules":{"commission":"standard","tiePays":8,"sideBets":[]},"minBet":1000,"maxBet":50000,"tieMax":10000}'
);

INSERT INTO "accounts" ("id", "kind", "table_id", "balance") VALUES ('escrow:main', 'ESCROW', 'main', 0);
