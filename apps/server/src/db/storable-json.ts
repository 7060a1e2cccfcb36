/**
 * JSON text Postgres reads with json_to_recordset. JSON.stringify writes a lone UTF-16 surrogate
 * as a `\udXXX` escape and NUL as `\u0000`, and json_to_recordset refuses both (it reads every
 * string of the statement's batch, the states' too), failing the whole statement: in a
 * group commit (group-commit.ts) every other table's save in it too. The intake refuses such
 * text (P3.3); this is the floor under it, so no text that slipped past can stop a table, or
 * its neighbours, from being stored: each such character is stored as U+FFFD.
 */
export function storableJson(value: unknown): string {
  const json = JSON.stringify(value);
  // A backslash written before `u0000` in the text matches too: that takes the slow path, no harm.
  return UNSTORABLE_ESCAPE.test(json) ? JSON.stringify(value, storableStrings) : json;
}

const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f][0-9a-f]{2})/i;
const UNSTORABLE = /\p{Cs}|\0/gu;

/** Object keys are the server's own (ids, seat numbers), so values are all that need it. */
function storableStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replace(UNSTORABLE, '\ufffd') : value;
}
