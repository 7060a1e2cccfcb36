-- R11.7: a shoe's client seed is made from the players' contributions after its commitment is
-- published, so the shoe row exists (seed stored, commitment out) before the client seed does.
ALTER TABLE "shoes" ALTER COLUMN "client_seed" DROP NOT NULL;
-- A shoe cannot end without one.
ALTER TABLE "shoes" ADD CONSTRAINT "shoes_ended_has_client_seed"
    CHECK ("ended_at" IS NULL OR "client_seed" IS NOT NULL);
