-- Issue 9: returning players. A guest may claim an account (username + argon2id password hash)
-- and log in from other devices; every bearer token, a guest's or a login's, is now a session
-- row that expires and can be revoked. Only a token's SHA-256 is ever stored.

CREATE TYPE "session_kind" AS ENUM ('GUEST', 'LOGIN');

CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "player_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "kind" "session_kind" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "last_seen_at" TIMESTAMPTZ(3),

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sessions_token_hash_format" CHECK ("token_hash" ~ '^[0-9a-f]{64}$'),
    CONSTRAINT "sessions_expiry_after_creation" CHECK ("expires_at" > "created_at")
);

CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions"("token_hash");
CREATE INDEX "sessions_player_id_idx" ON "sessions"("player_id");
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Every existing guest token keeps working: it becomes a guest session issued when its player
-- was made, lasting the guest TTL's default (720 hours). The server also refuses a guest session
-- older than the configured GUEST_TOKEN_TTL_HOURS, so a shorter setting still applies to these.
INSERT INTO "sessions" ("id", "player_id", "token_hash", "kind", "created_at", "expires_at")
SELECT gen_random_uuid()::text, "id", "token_hash", 'GUEST', "created_at", "created_at" + interval '720 hours'
  FROM "players";

DROP INDEX "players_token_hash_key";
ALTER TABLE "players" DROP CONSTRAINT "players_token_hash_format";
ALTER TABLE "players" DROP COLUMN "token_hash";

-- A claimed account: the username is stored folded to lower case, so the unique index makes it
-- unique whatever the case it was typed in. Both columns are set together, once.
ALTER TABLE "players" ADD COLUMN "username" TEXT;
ALTER TABLE "players" ADD COLUMN "password_hash" TEXT;
ALTER TABLE "players" ADD CONSTRAINT "players_username_format" CHECK ("username" ~ '^[a-z0-9_]{3,20}$');
ALTER TABLE "players" ADD CONSTRAINT "players_password_is_argon2id" CHECK ("password_hash" LIKE '$argon2id$%');
ALTER TABLE "players" ADD CONSTRAINT "players_claimed_whole" CHECK (("username" IS NULL) = ("password_hash" IS NULL));
CREATE UNIQUE INDEX "players_username_key" ON "players"("username");
