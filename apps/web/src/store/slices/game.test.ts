import type { CheminDeFerView, EventOf, SeatView } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { emptyTable, type TableState } from '../state';
import { applyGamePrivate, gameEvent, gamePrivate, reduceGameEvent } from './game';

const seat = (n: number, balance: number): SeatView => ({
  seat: n,
  player: { id: `p${n}`, name: `P${n}` },
  balance,
  betting: 'open',
  awayUntil: null,
});

const view: CheminDeFerView = {
  offer: { kind: 'vacant' },
  offerUntil: null,
  coup: null,
  last: null,
  bancoSuivi: null,
  nextCoup: 1,
};

// Any event the core does not reduce is a game's: one the tests can build stands for them all.
const event = (version: number, balances: { seat: number; balance: number }[]) =>
  ({
    type: 'chemin.updated',
    tableId: 't',
    version,
    at: 0,
    what: 'settled',
    seat: null,
    view,
    balances: balances.map((b) => ({ ...b, playerId: `p${b.seat}` })),
  }) satisfies EventOf<'chemin.updated'>;

const table = (): TableState => ({ ...emptyTable('t'), seats: [seat(1, 1_000), seat(2, 2_000)] });

describe('a game’s own messages', () => {
  it('keeps the newest event of each type for the game’s screen, and the balances it carries', () => {
    let state = reduceGameEvent(table(), event(4, [{ seat: 2, balance: 2_500 }]));
    state = reduceGameEvent(state, event(5, []));
    expect(gameEvent(state, 'chemin.updated')?.version).toBe(5);
    expect(state.seats.map((s) => s.balance)).toEqual([1_000, 2_500]);
    expect(gameEvent(table(), 'chemin.updated')).toBeNull();
  });

  it('keeps a private message by its type, for this table only', () => {
    const mine = { tableId: 't', type: 'game.cards', cards: ['AS'] };
    let state = applyGamePrivate(table(), mine);
    state = applyGamePrivate(state, { tableId: 'other', type: 'game.cards' });
    expect(gamePrivate<typeof mine>(state, 'game.cards')).toBe(mine);
  });
});
