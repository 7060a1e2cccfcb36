import type { TableEvent } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { eveningOf, line } from '../../testing/evening';
import { applyEvent, applyEveningYou, emptyTable, type TableState } from '../table-state';

const TABLE = 'r_evening';
const at = 1_000;

function table(version = 10): TableState {
  return {
    ...emptyTable(TABLE),
    seats: [
      {
        seat: 2,
        player: { id: 'bob', name: 'Bob' },
        balance: 0,
        betting: 'open',
        awayUntil: null,
      },
    ],
    version,
    eveningVersion: version,
    evening: eveningOf({ leaderboard: [line('ann', 'Ann', 500_000), line('bob', 'Bob', 0)] }),
  };
}
const ev = (version: number, body: Record<string, unknown>) =>
  ({ tableId: TABLE, version, at, ...body }) as TableEvent;

describe('the evening slice (P9.9)', () => {
  it('counts requests and waiting players from the public events', () => {
    let s = applyEvent(
      table(),
      ev(11, { type: 'evening.seat-request', change: 'asked', requests: 2 }),
    );
    s = applyEvent(
      s,
      ev(12, { type: 'evening.waitlist', change: 'joined', seat: null, until: null, waiting: 3 }),
    );
    expect(s.evening?.counts).toEqual({ requests: 2, waiting: 3 });
    expect(s.version).toBe(12);
  });

  it('keeps the seats sitting out, and lets one go on “I’m back”', () => {
    const out = applyEvent(
      table(),
      ev(11, {
        type: 'evening.sit-out',
        seat: 3,
        playerId: 'cy',
        out: true,
        by: 'player',
        freedAt: 9_000,
      }),
    );
    expect(out.evening?.sittingOut).toEqual([{ seat: 3, freedAt: 9_000 }]);
    const back = applyEvent(
      out,
      ev(12, {
        type: 'evening.sit-out',
        seat: 3,
        playerId: 'cy',
        out: false,
        by: 'player',
        freedAt: null,
      }),
    );
    expect(back.evening?.sittingOut).toEqual([]);
  });

  it('a top-up moves the stack and what was granted; the net stays what play made', () => {
    const topped = applyEvent(
      table(),
      ev(11, {
        type: 'evening.stack',
        playerId: 'bob',
        seat: 2,
        kind: 'top-up',
        amount: 500_000,
        stack: 500_000,
        approvedBy: 'ann',
        reason: null,
      }),
    );
    const bob = topped.evening?.leaderboard.find((l) => l.player.id === 'bob');
    expect(topped.seats.find((s) => s.seat === 2)?.balance).toBe(500_000);
    expect(bob).toMatchObject({ stack: 500_000, granted: 1_000_000, net: -500_000 });
    // Asking for a top-up moves no chip.
    const asked = applyEvent(
      table(),
      ev(11, {
        type: 'evening.stack',
        playerId: 'bob',
        seat: 2,
        kind: 'top-up-asked',
        amount: 500_000,
        stack: 0,
        approvedBy: null,
        reason: null,
      }),
    );
    expect(asked.evening?.leaderboard).toEqual(table().evening?.leaderboard);
  });

  it('the night’s end brings the podium', () => {
    const podium = [line('ann', 'Ann', 700_000)];
    const s = applyEvent(table(), ev(11, { type: 'evening.ended', reason: 'rounds', podium }));
    expect(s.evening?.podium).toEqual(podium);
  });

  it('takes the viewer’s own evening whole, unless an older one comes late', () => {
    const mine = eveningOf({ you: { waitlistPosition: 2 } });
    const s = applyEveningYou(table(), {
      tableId: TABLE,
      type: 'evening.you',
      version: 12,
      evening: mine,
    });
    expect(s.evening?.you.waitlistPosition).toBe(2);
    const late = applyEveningYou(s, {
      tableId: TABLE,
      type: 'evening.you',
      version: 11,
      evening: eveningOf({ you: { waitlistPosition: 3 } }),
    });
    expect(late).toBe(s);
  });

  it('a table without an evening ignores the evening’s events', () => {
    const plain = { ...emptyTable(TABLE), version: 5 };
    const s = applyEvent(
      plain,
      ev(6, { type: 'evening.seat-request', change: 'asked', requests: 1 }),
    );
    expect(s.evening).toBeNull();
  });
});

describe('a first grant (T11.15)', () => {
  it('opens the player’s line, named by the seat taken just after it', () => {
    const granted = applyEvent(table(), {
      tableId: TABLE,
      version: 11,
      at,
      type: 'evening.stack',
      playerId: 'dee',
      seat: 3,
      kind: 'grant',
      amount: 500_000,
      stack: 500_000,
      approvedBy: 'ann',
      reason: null,
    });
    expect(granted.evening?.leaderboard.find((l) => l.player.id === 'dee')).toMatchObject({
      stack: 500_000,
      granted: 500_000,
      net: 0,
    });
  });
});
