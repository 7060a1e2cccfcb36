import type { LocalPresence } from './local-presence.js';
import type { TableLeases } from './leases.js';
import type { BeatTable, Heartbeat, TableDetails } from './messages.js';
import type { LiveTables } from './registry.js';

/**
 * T13.6: every this many beats a beat carries every table's details, changed or not, so a beat
 * lost while Redis restarted is mended; in between only what changed.
 */
const WHOLE_BEAT_EVERY = 10;

/** One beat to say: the lean one for every node, and the whole one to store, when it changed. */
export interface Announced {
  beat: Heartbeat;
  whole: Heartbeat | undefined;
}

/**
 * T13.6: what this node's beat says of its tables: epochs and counts every beat, a table's
 * definition and seats only when they changed since the last beat (and every tenth beat).
 */
export class Announcement {
  /** This node's tables' details as its beats last said them. */
  private said = new Map<string, string>();
  /** What the stored beat holds: its tables and their details. */
  private stored = '';
  private beats = 0;

  constructor(
    private readonly nodeId: string,
    private readonly leases: Pick<TableLeases, 'epochOf'>,
  ) {}

  next(live: LiveTables, presence: LocalPresence | undefined, draining: boolean): Announced {
    const whole = this.beats++ % WHOLE_BEAT_EVERY === 0;
    const said = new Map<string, string>();
    const all: BeatTable[] = [];
    const tables = live.list().flatMap((port): BeatTable[] => {
      const epoch = this.leases.epochOf(port.id);
      const definition = live.definition(port.id);
      if (epoch === undefined || !definition) return [];
      const { scriptedShoe: _scripted, ...announced } = definition;
      const details: TableDetails = {
        definition: { ...announced, settings: port.settings },
        seats: port.seatsHeld?.() ?? [],
      };
      const text = `${epoch}:${JSON.stringify(details)}`;
      said.set(port.id, text);
      const counts = {
        id: port.id,
        epoch,
        seated: port.seatedCount(),
        spectators: port.spectatorCount(),
      };
      all.push({ ...counts, details });
      return [whole || this.said.get(port.id) !== text ? { ...counts, details } : counts];
    });
    this.said = said;
    const present = (presence?.tables() ?? []).flatMap(([tableId, players]) =>
      live.get(tableId) ? [] : [{ tableId, players }],
    );
    const beat: Heartbeat = { node: this.nodeId, draining, tables, present };
    // A node that starts reads the stored beat: it is written whole whenever a table or its
    // details changed, else only kept alive.
    const stored = [...said].join('\n');
    const changed = stored !== this.stored;
    this.stored = stored;
    return { beat, whole: changed || whole ? { ...beat, tables: all } : undefined };
  }
}
