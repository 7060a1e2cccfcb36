/**
 * When a statement goes (issue 45). A busy node's items fill a statement within `leastMs` of the
 * last one's start, and it goes then: never sooner, so a node's statements a second stay capped
 * whatever its load. A half-loaded node's would go half full at that pace, twice the statements a
 * round; they wait for `fullAt` items instead, each item at most `mostMs` from its arrival: the
 * bound on a bet's acknowledgement and a result's wait. A quiet node's item, one arriving `mostMs`
 * or more after the last statement's start, goes at once.
 */
export interface Gathering {
  leastMs: number;
  mostMs: number;
  fullAt: number;
}

/** A fixed bound: every item waits at most `ms` from its arrival; statements go `ms` apart at least. */
export const gatherFor = (ms: number): Gathering => ({ leastMs: ms, mostMs: ms, fullAt: Infinity });

/**
 * Group commit: items wait while `inFlight` statements are running, and whatever waited goes
 * in the next statement together. A quiet server sends each item at once; a busy one sends
 * fewer, fuller statements, so Postgres spends its time on rows rather than on transactions
 * (and the server on fewer round trips). Items submitted in the same turn of the event loop go
 * together. Two items with the same key never share a statement, nor run side by side: the
 * later one waits until the earlier one's statement has answered, so it is decided after it.
 */
export class GroupCommit<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private running = 0;
  /** Keys of the items in running statements: their next items wait for those answers. */
  private readonly busyKeys = new Set<string>();
  /** Lanes of the items in running statements: no other statement of that lane goes meanwhile. */
  private readonly busyLanes = new Set<string>();
  /** The queued flush (a timer, or an immediate when `dueAt` is not later than its queuing). */
  private queued: { dueAt: number; cancel(): void } | undefined;
  /** When the last statement went. */
  private lastSentAt = -Infinity;
  private readonly gathering: Gathering;

  constructor(
    /** One statement for the items, answering each in order; throws only for them all. */
    private readonly statement: (items: readonly I[]) => Promise<O[]>,
    private readonly keyOf: (item: I) => string,
    private readonly inFlight: number,
    /**
     * How items gather (`Gathering`); a number of ms is both bounds (`gatherFor`). A few milliseconds
     * turn a stream of single items from many tables into statements of several, which is what
     * Postgres charges for, and cap a node's statements a second whatever its load; a quiet
     * node's items wait for nothing.
     */
    gathering: Gathering | number = 0,
    private readonly mostPerStatement = 256,
    /**
     * Items of a lane share statements, but a statement holding one never runs beside another
     * holding it: what two such statements lock, each in its own order, cannot deadlock.
     */
    private readonly laneOf: (item: I) => string | undefined = () => undefined,
  ) {
    this.gathering = typeof gathering === 'number' ? gatherFor(gathering) : gathering;
  }

  /** Each item's own answer; rejects when the statement it went in failed as a whole. */
  submit(items: readonly I[]): Promise<O[]> {
    const at = performance.now();
    const answers = items.map(
      (item) => new Promise<O>((answer, fail) => this.waiting.push({ item, at, answer, fail })),
    );
    this.schedule(at);
    return Promise.all(answers);
  }

  /** When what waits may go, by `Gathering`; `waiting[0]` is the oldest. */
  private dueAt(now: number): number {
    const { leastMs, mostMs, fullAt } = this.gathering;
    const oldest = this.waiting[0]!.at;
    // It came to a quiet group: nothing sent within the bound it may wait.
    if (oldest - this.lastSentAt >= mostMs) return now;
    const soonest = this.lastSentAt + leastMs;
    if (this.waiting.length >= fullAt) return soonest;
    return Math.max(soonest, oldest + mostMs);
  }

  /** Queues the flush for when what waits is due, sooner than the one queued if it must. */
  private schedule(now: number): void {
    if (this.waiting.length === 0) return;
    const due = this.dueAt(now);
    if (this.queued && this.queued.dueAt <= due) return;
    this.queued?.cancel();
    const go = () => {
      this.queued = undefined;
      this.flush();
    };
    if (due > now) {
      const timer = setTimeout(go, due - now);
      this.queued = { dueAt: due, cancel: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(go);
      this.queued = { dueAt: now, cancel: () => clearImmediate(immediate) };
    }
  }

  private flush(): void {
    while (this.running < this.inFlight && this.waiting.length > 0) {
      const batch: Waiting<I, O>[] = [];
      const later: Waiting<I, O>[] = [];
      const keys = new Set<string>();
      const lanes = new Set<string>();
      for (const w of this.waiting) {
        const key = this.keyOf(w.item);
        const lane = this.laneOf(w.item);
        const fits =
          batch.length < this.mostPerStatement &&
          !keys.has(key) &&
          !this.busyKeys.has(key) &&
          (lane === undefined || !this.busyLanes.has(lane));
        if (fits) {
          keys.add(key);
          if (lane !== undefined) lanes.add(lane);
        }
        (fits ? batch : later).push(w);
      }
      // Everything waiting is behind a running statement: its answer flushes again.
      if (batch.length === 0) return;
      this.waiting = later;
      this.running += 1;
      this.lastSentAt = performance.now();
      for (const key of keys) this.busyKeys.add(key);
      for (const lane of lanes) this.busyLanes.add(lane);
      void this.statement(batch.map((w) => w.item))
        .then(
          (answers) => batch.forEach((w, i) => w.answer(answers[i]!)),
          (error: unknown) => batch.forEach((w) => w.fail(error)),
        )
        .finally(() => {
          this.running -= 1;
          for (const key of keys) this.busyKeys.delete(key);
          for (const lane of lanes) this.busyLanes.delete(lane);
          // What arrived meanwhile goes when its gathering time is up (its timer is queued), not
          // at this answer: otherwise a busy node's statements follow its answers, not its
          // gathering time, and a round's writes take twice the transactions (issue 45).
          if (!this.queued) this.flush();
        });
    }
  }
}

interface Waiting<I, O> {
  item: I;
  /** When it was submitted. */
  at: number;
  answer(answer: O): void;
  fail(error: unknown): void;
}
