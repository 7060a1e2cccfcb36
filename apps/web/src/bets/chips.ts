import type { TableSettings } from '@banco/protocol';

/** Casino chip values in whole chips; the tray offers the ones this table's limits allow. */
const DENOMINATIONS = [1, 5, 10, 25, 50, 100, 250, 500, 1_000, 5_000, 10_000];
const TRAY_SIZE = 5;

/** The chip tray for a table, in minor units, smallest first. */
export function chipTray(limits: TableSettings['limits']): number[] {
  const ranges = Object.values(limits).filter((l) => l !== undefined);
  if (ranges.length === 0) return [];
  const lowest = Math.min(...ranges.map((l) => l.min));
  const highest = Math.max(...ranges.map((l) => l.max));
  const fitting = DENOMINATIONS.map((d) => d * 100).filter((v) => v >= lowest && v <= highest);
  if (fitting.length <= TRAY_SIZE) return fitting.length > 0 ? fitting : [lowest];
  // Keep the small chips for fine bets and the largest for a quick max.
  return [...fitting.slice(0, TRAY_SIZE - 1), fitting[fitting.length - 1]!];
}
