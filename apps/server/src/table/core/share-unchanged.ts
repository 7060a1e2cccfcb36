/**
 * `next` with every part equal to the same place in `prev` replaced by `prev`'s, so two values
 * that differ a little share all the rest. A shoe's roads grow by a bead and a cell or two a
 * round, yet were built whole every round: each of the replay log's results (some 18 a table,
 * REPLAY_EVENTS) then held a copy of its own, 28 kB at 70 rounds. Shared, the roads of a whole
 * log cost little more than one copy (docs/performance-log.md, "The heap the major GC marks").
 *
 * `next` must be fresh, held by nobody yet: its arrays and objects are written in place (an
 * existing key keeps the object's hidden class). Plain JSON data only: arrays, plain objects,
 * primitives. Returns `prev` itself when the two are equal throughout.
 */
export function shareUnchanged<T>(prev: unknown, next: T): T {
  if (prev === next) return next;
  if (typeof next !== 'object' || next === null || typeof prev !== 'object' || prev === null) {
    return next;
  }
  if (Array.isArray(next)) {
    if (!Array.isArray(prev)) return next;
    const items = next as unknown[];
    let same = prev.length === items.length;
    for (let i = 0; i < items.length; i++) {
      if (i >= prev.length) break;
      const part = shareUnchanged(prev[i], items[i]);
      if (part !== items[i]) items[i] = part;
      if (part !== prev[i]) same = false;
    }
    return same ? (prev as T) : next;
  }
  if (Array.isArray(prev)) return next;
  const fields = next as Record<string, unknown>;
  const old = prev as Record<string, unknown>;
  let same = true;
  for (const key in fields) {
    const part = shareUnchanged(old[key], fields[key]);
    if (part !== fields[key]) fields[key] = part;
    if (part !== old[key] || !(key in old)) same = false;
  }
  if (!same) return next;
  // Equal so far: `prev` is the same only if it has no key `next` lacks.
  for (const key in old) if (!(key in fields)) return next;
  return prev as T;
}
