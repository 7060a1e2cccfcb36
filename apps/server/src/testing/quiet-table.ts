import type { TableSettings } from '@banco/protocol';
import { tableSettings } from '../table/core/settings.js';

/** Windows so long that nothing moves at the table unless a command moves it. */
export function quietTable(overrides: Partial<TableSettings> = {}): TableSettings {
  return tableSettings({
    seedMs: 0,
    bettingMs: 600_000,
    lastBetsMs: 0,
    dealMs: 600_000,
    revealMs: 600_000,
    resultMs: 600_000,
    ...overrides,
  });
}
