import type { TableEvent, TableSnapshot } from '@banco/protocol';

// Apart from slices/game.ts, which reads TableState: state.ts holds these without a circle.
export interface GameMessages {
  snapshot: TableSnapshot | null;
  events: Readonly<Partial<Record<TableEvent['type'], TableEvent>>>;
  private: Readonly<Record<string, PrivateMessage>>;
}

/** What every message on `table.private` carries. */
export interface PrivateMessage {
  tableId: string;
  type: string;
}

export const NO_GAME_MESSAGES: GameMessages = { snapshot: null, events: {}, private: {} };
