-- Issue 9: hosts open private rooms at run time. A room is a "tables" row with is_public false,
-- a host and a status; the server starts every OPEN table again after a restart (T10.4).

CREATE TYPE "room_status" AS ENUM ('OPEN', 'CLOSED');

ALTER TABLE "tables" ADD COLUMN "status" "room_status" NOT NULL DEFAULT 'OPEN';
ALTER TABLE "tables" ADD COLUMN "host_player_id" TEXT;
ALTER TABLE "tables" ADD COLUMN "closed_at" TIMESTAMPTZ(3);

-- A public table has no host. (A private table without one is a fixed table an operator
-- defines, as the ledger tests do; a room opened over HTTP always has its host.)
ALTER TABLE "tables" ADD CONSTRAINT "tables_public_has_no_host"
    CHECK (NOT ("is_public" AND "host_player_id" IS NOT NULL));
ALTER TABLE "tables" ADD CONSTRAINT "tables_closed_at_iff_closed"
    CHECK (("status" = 'CLOSED') = ("closed_at" IS NOT NULL));
ALTER TABLE "tables" ADD CONSTRAINT "tables_host_player_id_fkey" FOREIGN KEY ("host_player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- T10.2 counts a host's open rooms on every new one.
CREATE INDEX "tables_host_player_id_status_idx" ON "tables"("host_player_id", "status");

-- Short invite codes (T10.3). Only the code's sha256 is stored: a copy of the database lets
-- nobody into a room.
CREATE TABLE "room_invites" (
    "code_hash" TEXT NOT NULL,
    "table_id" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "room_invites_pkey" PRIMARY KEY ("code_hash"),
    CONSTRAINT "room_invites_expires_after_created" CHECK ("expires_at" > "created_at")
);

CREATE INDEX "room_invites_table_id_idx" ON "room_invites"("table_id");

ALTER TABLE "room_invites" ADD CONSTRAINT "room_invites_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "room_invites" ADD CONSTRAINT "room_invites_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
