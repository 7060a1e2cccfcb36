import type { TableDefinition } from '../../src/cluster/registry.js';
import { tableSettings } from '../../src/table/core/settings.js';
import { LOAD_TIMINGS, benchTableId } from './messages.js';

/**
 * The bench's public tables, `load-0 … load-N-1`: every node of a run must know the same ones,
 * and in a run of several nodes the orchestrator stores them before any node starts.
 */
export function benchTables(count: number): TableDefinition[] {
  const settings = tableSettings(LOAD_TIMINGS);
  return Array.from({ length: count }, (_, i) => ({
    id: benchTableId(i),
    name: `Load ${i}`,
    isPublic: true,
    settings,
  }));
}

/**
 * Most tables one node seats in a nominal round while it already plays the others. At 500
 * tables in one round (62 a second) the node fell ~6 s behind (2026-12-05): the late tables
 * opened their first rounds within 3 s of each other, and for the whole run about two thirds
 * of the tables went on playing within the same 3.5 s of the 7.6 s round: the node met twice
 * the mean load at each peak.
 */
export const TABLES_SEATED_A_ROUND = 150;

/** Whole nominal rounds over which a staggered start spreads its sit-downs. */
export function sitDownRounds(tables: number): number {
  return Math.max(1, Math.ceil(tables / TABLES_SEATED_A_ROUND));
}
