import type { SeatView } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { emptyTable, type TableState } from '../store/table-state';
import { hostedRoom } from '../testing/room';
import { mainTableSettings } from '../testing/table-settings';
import { freeSeatsOf, permissionsOf } from './permissions';

const seat = (n: number, id: string, betting: SeatView['betting'] = 'open'): SeatView => ({
  seat: n,
  player: { id, name: id },
  balance: 100_000,
  betting,
  awayUntil: null,
});

function table(change: Partial<TableState> = {}): TableState {
  return {
    ...emptyTable('t'),
    connection: 'live',
    settings: { ...mainTableSettings, seats: 4 },
    seats: [seat(1, 'ann'), seat(3, 'ben', 'confirmed')],
    you: { playerId: 'ann', seat: 1 },
    ...change,
  };
}

const betting = { kind: 'betting', round: 4, closesAt: 1, lastBetsAt: 1 } as const;

describe('permissionsOf: what the page offers, from the last state the server sent', () => {
  it('T3: a seat may bet while betting is open and it has not decided', () => {
    expect(permissionsOf(table({ phase: betting })).canBet).toBe(true);
    const decided = table({ phase: betting, you: { playerId: 'ben', seat: 3 } });
    expect(permissionsOf(decided).canBet).toBe(false);
    const watcher = table({ phase: betting, you: { playerId: 'cleo', seat: null } });
    expect(permissionsOf(watcher)).toMatchObject({ canBet: false, seat: null, mySeat: null });
    expect(permissionsOf(table({ phase: { kind: 'closed', round: 4 } })).canBet).toBe(false);
  });

  it('T2.4, T5: dealing and turning belong to the seat the phase names', () => {
    const dealing = { kind: 'dealing', round: 4, dealer: 1, deadline: 1 } as const;
    expect(permissionsOf(table({ phase: dealing })).dealing).toBe(true);
    expect(permissionsOf(table({ phase: { ...dealing, dealer: 3 } })).dealing).toBe(false);
    const turning = {
      kind: 'turning',
      round: 4,
      hand: 'banker',
      stage: 'initial',
      turner: 3,
      deadline: 1,
    } as const;
    expect(permissionsOf(table({ phase: turning })).turning).toBe(false);
    const ben = table({ phase: turning, you: { playerId: 'ben', seat: 3 } });
    expect(permissionsOf(ben).turning).toBe(true);
  });

  it('P8: a live watcher may sit, unless the room is locked and they do not host it', () => {
    const watcher = { playerId: 'cleo', seat: null };
    expect(permissionsOf(table({ you: watcher })).maySit).toBe(true);
    expect(permissionsOf(table()).maySit).toBe(false);
    expect(permissionsOf(table({ you: watcher, connection: 'reconnecting' })).maySit).toBe(false);
    const locked = { ...hostedRoom, locked: true };
    expect(permissionsOf(table({ you: watcher, room: locked })).maySit).toBe(false);
    const host = { playerId: 'ann', seat: null };
    expect(permissionsOf(table({ you: host, room: locked }))).toMatchObject({
      maySit: true,
      youHost: true,
    });
  });

  it('P11.7: the chat right follows the seat, the host and the mute', () => {
    expect(permissionsOf(table()).chat).toBe('write');
    const watcher = { playerId: 'cleo', seat: null };
    expect(permissionsOf(table({ you: watcher, room: hostedRoom })).chat).toBe('watcher');
    const muted = { ...hostedRoom, muted: ['ann'] };
    expect(permissionsOf(table({ room: muted })).chat).toBe('muted');
    expect(permissionsOf(table({ you: { playerId: '', seat: null } })).chat).toBe('joining');
  });

  it('the free seats are the ones nobody holds, in order', () => {
    expect(freeSeatsOf(table())).toEqual([2, 4]);
    expect(freeSeatsOf(emptyTable('t'))).toEqual([]);
  });
});
