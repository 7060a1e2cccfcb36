import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** One kind of collection over a window: how many, and their pauses. */
export interface GcPauses {
  n: number;
  totalMs: number;
  maxMs: number;
}

/**
 * The garbage collector and the event loop's longest stall over a measured window, with times
 * in seconds from the window's start. At 500 tables a full collection of a heap of several
 * hundred MB comes about every minute and a half, and the stall around it is what a window's
 * p99s depend on: read with it, a run's tail says whether a collection fell inside.
 */
export interface GcWindow {
  scavenges: GcPauses;
  /** With the heap in use just after each (read when the observer hears of it): what lives. */
  markCompacts: GcPauses & { atS: number[]; heapAfterMB: number[] };
  longestStall: { ms: number; atS: number };
}

/** The stall clock's tick: a gap between ticks beyond it is time the loop did not come back. */
const TICK_MS = 10;

export function gcWatch(): { start(): void; stop(): GcWindow } {
  let from = performance.now();
  let on = false;
  let window = empty();
  const observer = new PerformanceObserver((list) => {
    if (!on) return;
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) add(window.scavenges, entry.duration);
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        add(window.markCompacts, entry.duration);
        window.markCompacts.atS.push((entry.startTime - from) / 1000);
        window.markCompacts.heapAfterMB.push(getHeapStatistics().used_heap_size / 2 ** 20);
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const stall = now - last - TICK_MS;
    if (on && stall > window.longestStall.ms) {
      window.longestStall = { ms: stall, atS: (last - from) / 1000 };
    }
    last = now;
  }, TICK_MS).unref();
  return {
    start() {
      from = performance.now();
      window = empty();
      on = true;
    },
    stop() {
      on = false;
      return window;
    },
  };
}

function empty(): GcWindow {
  return {
    scavenges: { n: 0, totalMs: 0, maxMs: 0 },
    markCompacts: { n: 0, totalMs: 0, maxMs: 0, atS: [], heapAfterMB: [] },
    longestStall: { ms: 0, atS: 0 },
  };
}

function add(pauses: GcPauses, ms: number): void {
  pauses.n += 1;
  pauses.totalMs += ms;
  pauses.maxMs = Math.max(pauses.maxMs, ms);
}
