-- T9.1: a table stores its state some four times a round. As jsonb, Postgres parsed each save
-- into its binary form (the whole statement's batch, then each state) and, a row being over
-- 2 kB, compressed it: without lz4 (the bench's embedded Postgres) pglz, the saves' largest
-- cost. Nothing in SQL looks inside a state: only the server reads it back, whole, at a
-- restart. As json it is stored as the server wrote it, checked but not converted.
ALTER TABLE "table_states" ALTER COLUMN "state" TYPE JSON USING "state"::JSON;

-- A row is compressed only past toast_tuple_target: at its largest (8160 bytes, about a page)
-- a save of a full table is stored as it comes, never compressed. A larger one (a room with a
-- long chat) is compressed in its row, with lz4 where the server has it; out of line only if it
-- still does not fit a page. Changing the type reset the column's storage and compression.
ALTER TABLE "table_states" SET (toast_tuple_target = 8160);
ALTER TABLE "table_states" ALTER COLUMN "state" SET STORAGE MAIN;
DO $$
BEGIN
    ALTER TABLE "table_states" ALTER COLUMN "state" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    NULL;
END;
$$;
