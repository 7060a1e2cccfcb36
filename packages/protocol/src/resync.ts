/**
 * P2.13: a client's bookkeeping of table versions, so events and snapshots are applied by
 * version and the view never steps back. The client keeps its own table state; this says what
 * to do with each event or snapshot that arrives.
 */
export type EventVerdict =
  /** The next version: apply it to your state. */
  | 'apply'
  /** Already covered by what you hold (a replayed or buffered event): ignore it. */
  | 'skip'
  /** Versions are missing before it: keep it buffered and resync (`table.resync`). */
  | 'gap';

export class TableVersions {
  private held: number;
  private missing = false;

  /** `version`: the version of the state the client holds (a snapshot's, or 0). */
  constructor(version = 0) {
    this.held = version;
  }

  get version(): number {
    return this.held;
  }

  /** True once an event has shown that versions are missing, until a snapshot or replay mends it. */
  get gap(): boolean {
    return this.missing;
  }

  /** For each event, live, replayed or buffered, in the order received. */
  event(version: number): EventVerdict {
    if (version <= this.held) return 'skip';
    if (version === this.held + 1) {
      this.held = version;
      this.missing = false;
      return 'apply';
    }
    this.missing = true;
    return 'gap';
  }

  /**
   * A snapshot arrived: true when it should replace your state. One older than what you hold is
   * dropped unless you know of a gap; then you take it and re-apply buffered events after it.
   */
  snapshot(version: number): boolean {
    if (!this.missing && version <= this.held) return false;
    this.held = version;
    this.missing = false;
    return true;
  }
}
