import type { BeatTable, Heartbeat } from './messages.js';

// T13.6, T13.9: which nodes are alive, as their beats tell it, and who runs each table now.

/** A node silent for this many beats is taken for gone: its sockets' presence ends (T13.9). */
export const BEATS_BEFORE_GONE = 3;
/** A node gone this many times over is forgotten. */
const FORGOTTEN_AFTER = 20;

interface Seen {
  beat: Heartbeat;
  at: number;
}

/** The latest beat of every node heard of, this one's own included. */
export class Members {
  private readonly nodes = new Map<string, Seen>();
  /**
   * Since when this node's receiving connection to Redis is down. Meanwhile nobody's silence
   * counts: a node that cannot hear takes no other node for gone (T13.9).
   */
  private deafSince: number | undefined;

  constructor(
    private readonly nodeId: string,
    /** How long a silent node still counts as alive. */
    readonly aliveMs: number,
  ) {}

  /** Takes a node's beat, heard `ageMs` ago; true when that node was alive already. */
  heard(beat: Heartbeat, ageMs = 0): boolean {
    const previous = this.nodes.get(beat.node);
    const wasAlive = previous !== undefined && this.alive(previous);
    this.nodes.set(beat.node, { beat, at: performance.now() - ageMs });
    return wasAlive;
  }

  deaf(): void {
    this.deafSince ??= performance.now();
  }

  /**
   * The receiving connection is back: the nodes alive when it dropped get a whole window from
   * now to be heard again (the time Redis was away is nobody's silence).
   */
  hearing(): void {
    const since = this.deafSince;
    this.deafSince = undefined;
    if (since === undefined) return;
    const now = performance.now();
    for (const seen of this.nodes.values()) {
      if (since - seen.at < this.aliveMs) seen.at = now;
    }
  }

  /** The latest beats of the nodes alive now. */
  aliveBeats(): Heartbeat[] {
    return [...this.nodes.values()].filter((seen) => this.alive(seen)).map((seen) => seen.beat);
  }

  /** The nodes taken for gone now; those gone for long are forgotten on the way. */
  gone(): string[] {
    const gone: string[] = [];
    for (const [node, seen] of this.nodes) {
      if (this.alive(seen)) continue;
      gone.push(node);
      if (performance.now() - seen.at > this.aliveMs * FORGOTTEN_AFTER) this.nodes.delete(node);
    }
    return gone;
  }

  /** The owner of a table as the latest beats tell it, while that node is alive. */
  ownerOf(tableId: string): { node: string; table: BeatTable } | undefined {
    let best: { node: string; table: BeatTable; alive: boolean } | undefined;
    for (const [node, seen] of this.nodes) {
      const table = seen.beat.tables.find((t) => t.id === tableId);
      if (table && (!best || table.epoch > best.table.epoch)) {
        best = { node, table, alive: this.alive(seen) };
      }
    }
    return best?.alive ? { node: best.node, table: best.table } : undefined;
  }

  private alive(seen: Seen): boolean {
    // While deaf, judged as at the moment hearing stopped.
    const now = this.deafSince ?? performance.now();
    return seen.beat.node === this.nodeId || now - seen.at < this.aliveMs;
  }
}
