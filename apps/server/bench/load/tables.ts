import type { TableDefinition } from '../../src/cluster/registry.js';
import { tableSettings } from '../../src/table/settings.js';
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
