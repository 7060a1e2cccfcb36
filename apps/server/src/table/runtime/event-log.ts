import type { TableEvent } from '@banco/protocol';

/**
 * The table's most recent broadcasts, for clients that reconnect (P2.13). Only what everyone at
 * the table was sent goes in, so a replay can never carry a private peek or a hidden card.
 */
export class EventLog {
  private readonly events: TableEvent[] = [];

  constructor(private readonly capacity: number) {}

  push(event: TableEvent): void {
    this.events.push(event);
    if (this.events.length > this.capacity) this.events.shift();
  }

  /**
   * Every event after `version`, in order; null when the log no longer reaches back that far (or
   * `version` is ahead of the table), and the caller needs a snapshot instead.
   */
  since(version: number, current: number): TableEvent[] | null {
    if (version > current) return null;
    if (version === current) return [];
    const first = this.events[0];
    if (!first || first.version > version + 1) return null;
    return this.events.slice(version + 1 - first.version);
  }
}
