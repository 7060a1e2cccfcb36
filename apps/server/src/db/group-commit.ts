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
  private flushQueued = false;
  /** When the last statement went: the next goes gatherMs after it at the soonest. */
  private lastSentAt = -Infinity;

  constructor(
    /** One statement for the items, answering each in order; throws only for them all. */
    private readonly statement: (items: readonly I[]) => Promise<O[]>,
    private readonly keyOf: (item: I) => string,
    private readonly inFlight: number,
    /**
     * The least time from one statement's start to the next's: items arriving meanwhile wait
     * for it and go together; an item arriving later than that goes at the next turn of the
     * event loop. A few milliseconds turn a stream of single items from many tables into
     * statements of several, which is what Postgres charges for, and cap a node's statements
     * a second whatever its load; a quiet node's items wait for nothing.
     */
    private readonly gatherMs = 0,
    private readonly mostPerStatement = 256,
    /**
     * Items of a lane share statements, but a statement holding one never runs beside another
     * holding it: what two such statements lock, each in its own order, cannot deadlock.
     */
    private readonly laneOf: (item: I) => string | undefined = () => undefined,
  ) {}

  /** Each item's own answer; rejects when the statement it went in failed as a whole. */
  submit(items: readonly I[]): Promise<O[]> {
    const answers = items.map(
      (item) => new Promise<O>((answer, fail) => this.waiting.push({ item, answer, fail })),
    );
    if (!this.flushQueued) {
      this.flushQueued = true;
      const go = () => {
        this.flushQueued = false;
        this.flush();
      };
      const wait = this.lastSentAt + this.gatherMs - performance.now();
      if (wait > 0) setTimeout(go, wait);
      else setImmediate(go);
    }
    return Promise.all(answers);
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
          if (!this.flushQueued) this.flush();
        });
    }
  }
}

interface Waiting<I, O> {
  item: I;
  answer(answer: O): void;
  fail(error: unknown): void;
}
