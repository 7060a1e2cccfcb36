import type { TableActorDeps } from './actor-deps.js';
import { roomChips } from '../core/evening/evening-state.js';
import type { TableGame } from '../core/game.js';
import type { Step } from '../core/step.js';
import { gameFor } from '../games/registry.js';
import { hostAwayFromStart } from '../core/host-presence.js';
import { initialTableState } from '../core/initial-state.js';
import { restoreSeatsAway } from '../core/presence.js';
import type { TableState } from '../core/state.js';
import { fromStored } from '../core/stored-state.js';

export interface StartingState {
  state: TableState;
  /** Set when the table resumes a stored state (T9.1): its floor and who had joined (T9.4). */
  restored: { floor: number; joinedBefore: readonly string[] } | null;
  /** The game the table plays, from its settings. */
  game: TableGame<Step>;
}

/**
 * T11.17: the room-chips entries the stored state counts and the ledger may not hold (a crash
 * came between the state's save and their write) are written again, each by its key, so none is
 * lost and none counted twice; the stacks are then read from the ledger.
 */
async function recordUnrecorded(deps: TableActorDeps, state: TableState): Promise<TableState> {
  const room = state.room;
  const unrecorded = room?.evening?.unrecorded ?? [];
  if (!room?.evening || unrecorded.length === 0) return state;
  for (const entry of unrecorded) await deps.ledger.roomChipsEntry(state.tableId, entry);
  deps.log?.info?.(
    { table: state.tableId, entries: unrecorded.map((e) => e.key) },
    'room-chips entries written again after a restart',
  );
  return { ...state, room: { ...room, evening: { ...room.evening, unrecorded: [] } } };
}

/**
 * T9.1: a table with a stored state resumes it (seats, shoe, version, the round in play);
 * otherwise it starts empty, numbering rounds and shoes on from the ledger's.
 */
export async function startingState(deps: TableActorDeps): Promise<StartingState> {
  const { ledger, table } = deps;
  const clock = deps.clock ?? Date.now;
  const host = table.hostPlayerId ? await ledger.playerInfo(table.hostPlayerId) : null;
  const game = gameFor(table.settings);
  const fresh = initialTableState({ ...table, hostName: host?.name }, game);
  const now = clock();
  const [stored, nextSeq, nextShoe] = await Promise.all([
    ledger.loadTableState(table.id),
    ledger.nextRoundSeq(table.id),
    ledger.nextShoeNumber(table.id),
  ]);
  const restored = stored ? fromStored(stored, fresh, game) : null;
  if (stored && !restored) {
    deps.log?.error({ table: table.id }, 'stored table state unreadable: starting afresh');
  }
  if (!stored || !restored) {
    // T11.6: nobody is connected yet, the host included.
    const initial = hostAwayFromStart(fresh, now);
    return {
      state: {
        ...initial,
        version: stored?.version ?? 0,
        roundSeq: nextSeq - 1,
        lastShoeNumber: nextShoe - 1,
      },
      restored: null,
      game,
    };
  }
  const { watchers } = restored;
  const state = await recordUnrecorded(deps, restored.state);
  // Counters never go back, even if the stored state is older than the ledger's rows.
  const between = state.phase.kind === 'waiting' || game.roundOver(state);
  // T11.17: a room with room chips seats its players with their room stacks, not their wallets.
  const stacks = roomChips(state) ? state.tableId : undefined;
  const balances = await ledger.balancesOf(
    state.seats.map((s) => s.player.id),
    stacks,
  );
  const resumed: TableState = {
    ...state,
    roundSeq: between ? Math.max(state.roundSeq, nextSeq - 1) : state.roundSeq,
    lastShoeNumber:
      state.phase.kind === 'shuffling'
        ? state.lastShoeNumber
        : Math.max(state.lastShoeNumber, nextShoe - 1),
    seats: state.seats.map((s) => ({ ...s, balance: balances.get(s.player.id) ?? s.balance })),
  };
  // T1.6: restored seats belong to players with no socket yet. Each is held as away from now
  // (a deadline stored before the restart is kept), and freed if its player is not back in time.
  const later = clock();
  return {
    state: hostAwayFromStart(restoreSeatsAway(resumed, later), later),
    restored: { floor: stored.version, joinedBefore: [...watchers] },
    game,
  };
}
