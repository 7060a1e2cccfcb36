import type { TableLog } from '../table/runtime/table-port.js';
import type { LiveTables, TableDefinition } from './registry.js';

// T13.7, T13.14: which tables this node runs: free ones up to its share, and the excess given
// up between rounds for a node with room to claim.

export interface Claimable {
  /** OPEN tables this node could run. */
  total: number;
  /** Those with no live lease. */
  free: TableDefinition[];
  /** T13.14: free ones nobody has claimed for `strandedMs`: any node takes them, share or not. */
  stranded: ReadonlySet<string>;
  /** T13.18: tables no node will run that still hold stakes or an unrevealed shoe. */
  orphans: readonly string[];
}

/** What claiming needs of the node: its tables, the database's view, and the others' beats. */
export interface ClaimsLink {
  live: LiveTables;
  /** OPEN tables in Postgres, and those of them no node holds a lease on (T13.7). */
  claimable(strandedMs: number): Promise<Claimable>;
  log: TableLog;
}

/** A live node that takes a share (not draining), as its latest beat tells it. */
export interface Sharer {
  node: string;
  tables: number;
}

/** T13.14: at most this many tables a beat move off a node over its share: a gentle ramp. */
const GIVE_UP_PER_BEAT = 10;
/** After a table given up came back unclaimed, this node keeps what it has for this long. */
const KEEP_ALL_MS = 60_000;

export class Claims {
  private claiming = false;
  /** Tables this node gave up for another to claim (T13.14). */
  private readonly givenUp = new Set<string>();
  private keepAllUntil = 0;

  constructor(
    private readonly nodeId: string,
    /** How long a lease stays free before any node takes it (three beats). */
    private readonly strandedMs: number,
    private readonly draining: () => boolean,
  ) {}

  /**
   * T13.7: claims free tables up to this node's share of the OPEN tables among the live nodes
   * that are not draining; a draining node claims nothing. Then gives up its excess (T13.14).
   */
  async claimFree(link: ClaimsLink, sharing: () => Sharer[]): Promise<void> {
    if (this.claiming || this.draining()) return;
    this.claiming = true;
    try {
      const { total, free, stranded, orphans } = await link.claimable(this.strandedMs);
      const sharers = sharing();
      const share = Math.ceil(total / (sharers.length || 1));
      for (const definition of free) {
        if (link.live.list().length >= share && !stranded.has(definition.id)) continue;
        const adopted = await link.live.adopt(definition);
        // Given up for a node that never took it: that node cannot claim, so stop giving.
        if (adopted && stranded.has(definition.id) && this.givenUp.has(definition.id)) {
          this.keepAllUntil = performance.now() + KEEP_ALL_MS;
        }
      }
      await this.giveUpExcess(link, share, sharers);
      await link.live.sweep(orphans);
    } catch (error) {
      link.log.error({ err: error }, 'could not look for tables to claim');
    } finally {
      this.claiming = false;
    }
  }

  /**
   * T13.14: a node over its share (another joined, or came back) gives tables up between
   * rounds while some live node has fewer than its share to claim them: the emptiest first, so
   * the fewest players see their table move.
   */
  private async giveUpExcess(link: ClaimsLink, share: number, sharing: Sharer[]): Promise<void> {
    if (performance.now() < this.keepAllUntil) return;
    const excess = link.live.list().length - share;
    const room = sharing.some((s) => s.node !== this.nodeId && s.tables < share);
    if (excess <= 0 || !room) return;
    const emptiest = [...link.live.list()].sort(
      (a, b) => a.seatedCount() + a.spectatorCount() - (b.seatedCount() + b.spectatorCount()),
    );
    // Only the emptiest go, each once it is between rounds: one mid-round waits for a later
    // beat rather than a fuller table going in its place.
    for (const table of emptiest.slice(0, Math.min(excess, GIVE_UP_PER_BEAT))) {
      if (this.draining()) break;
      if (await link.live.giveUp(table.id)) {
        if (this.givenUp.size >= 1_000) this.givenUp.clear();
        this.givenUp.add(table.id);
      }
    }
  }
}
