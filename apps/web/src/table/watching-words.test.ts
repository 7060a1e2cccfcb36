import type { SeatView } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { emptyTable, type TableState } from '../store/table-state';
import { eveningOf } from '../testing/evening';
import { hostedRoom } from '../testing/room';
import { mainTableSettings } from '../testing/table-settings';
import { permissionsOf } from './permissions';
import { sitWords, watchingWords } from './watching-words';

const sitter = (n: number): SeatView => ({
  seat: n,
  player: { id: `p${n}`, name: `P${n}` },
  balance: 100_000,
  betting: 'open',
  awayUntil: null,
});

/** Cy watches a two-seat room Ann hosts; `full` fills both seats. */
function watcher(
  seating: 'open' | 'host-approves' | null,
  { full = false, waitlistMax = 10, you = 'cy', locked = false } = {},
): TableState {
  return {
    ...emptyTable('r'),
    connection: 'live',
    settings: { ...mainTableSettings, seats: 2 },
    seats: full ? [sitter(1), sitter(2)] : [sitter(1)],
    room: { ...hostedRoom, locked },
    you: { playerId: you, seat: null },
    evening:
      seating === null ? null : eveningOf({ settings: { seating, chips: 'wallet', waitlistMax } }),
  };
}

const words = (state: TableState) => watchingWords(state, permissionsOf(state)).text;

describe('watchingWords: what a watcher is told about sitting, per seating mode', () => {
  it('P9.7 where the host approves each player, a watcher asks: no “Sit here”', () => {
    const state = watcher('host-approves');
    expect(permissionsOf(state).asksToSit).toBe(true);
    expect(words(state)).toBe(
      'You are watching. The host approves each player here: pick “Ask to sit” on a free seat, then wait for their answer.',
    );
    expect(words(state)).not.toMatch(/Sit here/);
    expect(sitWords(permissionsOf(state).asksToSit)).toBe('Ask to sit');
  });

  it('P9.7 the host of that room sits at once, so they are told “Sit here”', () => {
    const host = watcher('host-approves', { you: 'ann' });
    expect(permissionsOf(host).asksToSit).toBe(false);
    expect(words(host)).toBe('You are watching. Pick “Sit here” on any free seat to play.');
  });

  it('P9.8 a full host-approves table: ask, and a yes puts you in line (or no line at all)', () => {
    expect(words(watcher('host-approves', { full: true }))).toMatch(
      /^This table is full\. The host approves each player here: ask to sit, and if they say yes you wait in line/,
    );
    expect(words(watcher('host-approves', { full: true, waitlistMax: 0 }))).toBe(
      'This table is full: you can watch until a seat frees up, then ask the host to sit.',
    );
  });

  it('P9.8 a full open evening offers its waitlist; a table without an evening has none', () => {
    expect(words(watcher('open', { full: true }))).toMatch(/join the waitlist/);
    expect(words(watcher('open', { full: true, waitlistMax: 0 }))).toBe(
      'This table is full: you can watch until a seat frees up.',
    );
    expect(words(watcher(null, { full: true }))).toBe(
      'This table is full: you can watch until a seat frees up.',
    );
    expect(words(watcher('open'))).toBe(
      'You are watching. Pick “Sit here” on any free seat to play.',
    );
  });

  it('P9.2 a locked room says so whatever its seating', () => {
    for (const seating of ['open', 'host-approves', null] as const) {
      const state = watcher(seating, { locked: true });
      expect(watchingWords(state, permissionsOf(state)).testId).toBe('room-locked-watching');
    }
  });
});
