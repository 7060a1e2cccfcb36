import {
  getHeapSpaceStatistics,
  getHeapStatistics,
  setFlagsFromString,
  writeHeapSnapshot,
} from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What a full mark-compact leaves: the heap the major GC marks, whole and by space. */
export interface MarkedHeap {
  /** Heap in use just after a forced full collection, bytes. */
  usedBytes: number;
  /** The same by V8 space (old, code, map, large objects, new…), bytes. */
  spaces: Record<string, number>;
  /** How long the forced collection took, ms: the stall a mark-compact of this heap costs. */
  gcMs: number;
  /** Where the heap snapshot went, when one was asked for. */
  snapshot: string | null;
}

/**
 * A window's own mark-compacts are too rare to read the live heap from (at 500 tables none may
 * fall in a minute), so the bench forces one after the bots have reported: what is left is
 * what the tables, sockets and caches keep alive. `gc` is reached without `--expose-gc` on the
 * command line, so the server runs with exactly the flags `pnpm start` gives it.
 */
export function markHeap(snapshotPath: string | null): MarkedHeap {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const started = performance.now();
  gc();
  const gcMs = performance.now() - started;
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]),
  );
  const usedBytes = getHeapStatistics().used_heap_size;
  const snapshot = snapshotPath === null ? null : writeHeapSnapshot(snapshotPath);
  return { usedBytes, spaces, gcMs, snapshot };
}
