-- Issue 16: each table runs in exactly one process at a time, under a lease with a fencing token.
-- A node claims a table by raising its epoch; every write the table makes names the epoch it was
-- claimed with, and Postgres refuses it once the epoch has moved on:
--   BAN09  the table's lease has a newer epoch: this writer was fenced off  -> FENCED
-- The message's DETAIL lists the stale table ids (a JSON array), so a batch of many tables'
-- writes can drop exactly those and go again.

CREATE TABLE "table_leases" (
    "table_id"   TEXT NOT NULL,
    -- Raised by every claim, never lowered: the fencing token.
    "epoch"      BIGINT NOT NULL,
    -- The node holding the lease; null once its owner gave it up.
    "owner"      TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),

    CONSTRAINT "table_leases_pkey" PRIMARY KEY ("table_id"),
    CONSTRAINT "table_leases_epoch_positive" CHECK ("epoch" > 0),
    CONSTRAINT "table_leases_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id")
        ON DELETE RESTRICT ON UPDATE CASCADE
);

-- The epoch is part of a unique key on purpose: a claim (which changes it) then takes the row's
-- FOR UPDATE lock and waits for every writer holding FOR KEY SHARE, while a renewal (which only
-- moves expires_at) takes FOR NO KEY UPDATE and waits for none of them.
CREATE UNIQUE INDEX "table_leases_table_id_epoch_key" ON "table_leases"("table_id", "epoch");

-- Holds each named (table, epoch) for the rest of the transaction, or raises BAN09 naming every
-- table whose lease has moved on. A NULL epoch array fences nothing (tools and ledger tests that
-- act for no table). Called first by every write a table makes, in the same statement.
CREATE FUNCTION "banco_fence"(p_tables TEXT[], p_epochs BIGINT[]) RETURNS BOOLEAN
LANGUAGE plpgsql AS $$
DECLARE
    v_stale TEXT[];
BEGIN
    IF p_epochs IS NULL THEN
        RETURN TRUE;
    END IF;
    PERFORM 1 FROM table_leases l
      WHERE l.table_id = ANY (p_tables)
      ORDER BY l.table_id
        FOR KEY SHARE;
    SELECT array_agg(DISTINCT f.table_id ORDER BY f.table_id) INTO v_stale
      FROM unnest(p_tables, p_epochs) AS f(table_id, epoch)
      LEFT JOIN table_leases l ON l.table_id = f.table_id AND l.epoch = f.epoch
     WHERE l.table_id IS NULL;
    IF v_stale IS NOT NULL THEN
        RAISE EXCEPTION 'fenced: the lease of % has a newer epoch', array_to_string(v_stale, ', ')
            USING ERRCODE = 'BAN09', DETAIL = to_json(v_stale)::TEXT;
    END IF;
    RETURN TRUE;
END;
$$;
