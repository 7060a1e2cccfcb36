-- Issue 8: a table survives its process. Its state is stored at every phase boundary so a
-- restarted server resumes it; a round that cannot be finished is voided and its stakes refunded.

-- A voided round settles nothing: every stake goes back to its wallet by a REFUND transfer.
ALTER TYPE "round_status" ADD VALUE 'VOIDED';
ALTER TYPE "bet_status" ADD VALUE 'VOIDED';
ALTER TYPE "transfer_kind" ADD VALUE 'REFUND';

-- Seat events are written by a retried effect: the key makes a replay insert nothing.
ALTER TABLE "seat_events" ADD COLUMN "key" TEXT;
CREATE UNIQUE INDEX "seat_events_key_key" ON "seat_events"("key");

-- One row per table: the reducer's state as JSON, written before anyone hears of a new phase.
-- "version" is a floor: no event of the table was ever broadcast with a higher version, so a
-- restarted table counts on from it. "round_seq" is the round the table has in play (opening
-- to settling), so an OPEN round that no table is playing can be found by SQL alone.
CREATE TABLE "table_states" (
    "table_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "round_seq" INTEGER,
    "shoe_id" TEXT,
    "state" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "table_states_pkey" PRIMARY KEY ("table_id"),
    CONSTRAINT "table_states_version_nonnegative" CHECK ("version" >= 0)
);

ALTER TABLE "table_states" ADD CONSTRAINT "table_states_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
