/**
 * T2.0: one table's inputs run strictly one at a time, in the order they were queued. A job
 * that fails fails only its own caller; the ones after it run as usual.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private count = 0;

  /** How many jobs have been queued so far: a job's place in the queue. */
  get queued(): number {
    return this.count;
  }

  enqueue<T>(job: () => Promise<T>): Promise<T> {
    this.count += 1;
    const run = this.tail.then(job, job);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every job queued so far has run, without taking a place itself. */
  drained(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
