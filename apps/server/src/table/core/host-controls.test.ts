import { roomTableSettings, tableEventSchema, type TableSettings } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { hostAwayFromStart } from './host-presence.js';
import type { TableCommandName } from './inputs.js';
import { roomSettings } from '../../testing/rooms.js';
import { restoreSeatsAway } from './presence.js';
import { ReducerHarness } from '../testing/reducer-harness.js';
import {
  everyoneNoBet,
  expectRefused,
  fireUntil,
  nextRound,
  ROUNDS,
  scriptedShoe,
  typesOf,
} from '../testing/scripted-shoes.js';

const HOLD = 60_000;

const bet = (t: ReducerHarness, who: string, seat: number, spot: 'player' | 'banker') =>
  t.command(who, 'bets.confirm', {
    round: t.round,
    seat,
    confirmId: `${who}-${t.round}`,
    bets: [{ spot, amount: 1_000 }],
  });

/** A room hosted by Ann (seat 1, the shoe holder) with Bob in seat 2; betting is open. */
function room(
  settings: Partial<TableSettings> = {},
  rounds: readonly (readonly CardCode[])[] = [ROUNDS.playerWin],
  length?: number,
) {
  const t = new ReducerHarness(settings, [scriptedShoe(rounds, { length })], { host: 'ann' });
  t.sit('ann', 1);
  t.advance(1_000);
  t.sit('bob', 2);
  expect(t.state.phase.kind).toBe('betting');
  return t;
}

/** One valid payload per host command, for the refusals every one of them shares. */
const HOST_COMMANDS: { [N in TableCommandName]?: Record<string, unknown> } = {
  'room.lock': { locked: true },
  'room.kick': { playerId: 'bob' },
  'room.settings': { settings: roomSettings({ decks: 6 }) },
  'room.pause': { paused: true },
  'bets.close': {},
  'room.host': { playerId: 'bob' },
  'room.close': {},
};

const send = (t: ReducerHarness, who: string, name: TableCommandName, payload: object) =>
  t.command(who, name, payload as never);

describe('who may use the host controls (T11.11)', () => {
  it('T11.11: every host command from anyone but the host is refused and changes nothing', () => {
    const t = room();
    for (const [name, payload] of Object.entries(HOST_COMMANDS)) {
      expectRefused(t, () => send(t, 'bob', name as TableCommandName, payload), 'NOT_HOST');
      expectRefused(t, () => send(t, 'stranger', name as TableCommandName, payload), 'NOT_HOST');
    }
  });

  it('T11.11: a public table has no host: every host command is refused', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.playerWin])]);
    t.sit('ann', 1);
    expect(t.state.room).toBeNull();
    for (const [name, payload] of Object.entries(HOST_COMMANDS)) {
      expectRefused(t, () => send(t, 'ann', name as TableCommandName, payload), 'NOT_HOST');
    }
  });
});

describe('lock and kick (T11.1, T11.2)', () => {
  it('T11.1: a locked room seats nobody new; who sits stays and plays; the host may sit', () => {
    const t = room();
    expect(t.command('ann', 'room.lock', { locked: true })).toMatchObject({ ok: true });
    expect(t.last('room.updated')!.room).toMatchObject({ hostPlayerId: 'ann', locked: true });
    expectRefused(t, () => t.sit('cat', 3), 'ROOM_LOCKED');
    expect(bet(t, 'bob', 2, 'player')).toMatchObject({ ok: true });
    expect(t.command('ann', 'room.lock', { locked: false })).toMatchObject({ ok: true });
    expect(t.sit('cat', 3)).toMatchObject({ ok: true });
  });

  it('T11.2: a kicked player loses the seat at once, their bet settles, and they stay out', () => {
    const t = room();
    expect(bet(t, 'bob', 2, 'player')).toMatchObject({ ok: true });
    const from = t.events.length;
    expect(t.command('ann', 'room.kick', { playerId: 'bob' })).toMatchObject({ ok: true });
    expect(typesOf(t.events.slice(from))).toEqual(['player.kicked', 'seat.left']);
    expect(t.last('player.kicked')).toMatchObject({ playerId: 'bob', seat: 2 });
    expect(t.last('seat.left')).toMatchObject({ seat: 2, playerId: 'bob', reason: 'kicked' });
    expect(t.ejected).toEqual(['bob']);
    expect(t.state.seats.map((s) => s.player.id)).toEqual(['ann']);
    // The bet stands on the layout and settles with the round (Player wins: paid 1:1).
    everyoneNoBet(t);
    fireUntil(t, 'result');
    const settled = t.effects.filter((e) => e.type === 'settle').at(-1);
    expect(settled).toMatchObject({
      settled: [{ playerId: 'bob', spot: 'player', result: 'win', returned: 2_000 }],
    });
    expect(t.wallets.get('bob')).toBe(100_000 + 1_000);
    expectRefused(t, () => t.sit('bob', 2), 'KICKED');
    expectRefused(t, () => t.command('ann', 'room.kick', { playerId: 'ann' }), 'INVALID_PAYLOAD');
  });
});

describe('settings, pause and betting (T11.3, T11.4, T11.9)', () => {
  it('T11.3 P9.3: new settings wait for the next shoe, then take effect with it', () => {
    const t = room({}, [ROUNDS.playerWin], 40);
    const input = roomSettings({ decks: 6, ruleSet: 'no-commission', tiePays: 9, sideBets: [] });
    // The host chooses what a room form offers; the table keeps its own pace.
    const next = roomTableSettings(input, t.state.settings);
    expect(t.command('ann', 'room.settings', { settings: input })).toMatchObject({ ok: true });
    expect(t.last('room.updated')!.room.nextSettings).toEqual(next);
    expect(t.state.settings.decks).toBe(8);
    for (let i = 0; i < 30 && t.ofType('shoe.new').length < 2; i++) {
      if (t.state.phase.kind === 'betting') everyoneNoBet(t);
      nextRound(t);
    }
    expect(t.ofType('shoe.new')).toHaveLength(2);
    const applied = t.events.findIndex((e) => e.type === 'room.updated' && e.settings);
    const secondShoe = typesOf(t.events).lastIndexOf('shoe.new');
    const shoeEnded = t.events.findIndex((e) => e.type === 'shoe.ended');
    expect(shoeEnded).toBeLessThan(applied);
    expect(applied).toBeLessThan(secondShoe);
    expect(t.events[applied]).toMatchObject({ settings: next, room: { nextSettings: null } });
    expect(t.state.settings).toEqual(next);
    expect(t.last('shoe.new')).toMatchObject({ decks: 6 });
  });

  it('T11.3: with no shoe in play they apply at once; too few seats are refused by field', () => {
    const t = new ReducerHarness({}, [], { host: 'ann' });
    const input = roomSettings({ seats: 6 });
    const next = roomTableSettings(input, t.state.settings);
    expect(t.command('ann', 'room.settings', { settings: input })).toMatchObject({ ok: true });
    expect(t.state.settings.seats).toBe(6);
    expect(t.last('room.updated')).toMatchObject({ settings: next, room: { nextSettings: null } });
    t.sit('bob', 5);
    const refused = expectRefused(
      t,
      () => t.command('ann', 'room.settings', { settings: roomSettings({ seats: 4 }) }),
      'INVALID_SETTING',
    );
    expect(refused).toMatchObject({ field: 'seats' });
  });

  it('T11.4: a paused room finishes its round and opens none until it resumes', () => {
    const t = room();
    expect(t.command('ann', 'room.pause', { paused: true })).toMatchObject({ ok: true });
    expect(t.last('room.updated')!.room.paused).toBe(true);
    everyoneNoBet(t);
    fireUntil(t, 'result');
    t.fire();
    expect(t.state.phase.kind).toBe('waiting');
    expect(t.ofType('betting.opened')).toHaveLength(1);
    t.advance(600_000);
    expect(t.ofType('betting.opened')).toHaveLength(1);
    expect(t.command('ann', 'room.pause', { paused: false })).toMatchObject({ ok: true });
    expect(t.state.phase.kind).toBe('betting');
    expect(t.last('betting.opened')).toMatchObject({ round: 2 });
  });

  it('T11.9 P9.4: untimed betting has no clock; it closes when all decide or the host says', () => {
    const t = room({ untimedBetting: true });
    expect(t.last('betting.opened')).toMatchObject({ closesAt: null, lastBetsAt: null });
    expect(t.state.timer).toBeNull();
    t.advance(3_600_000);
    expect(t.state.phase.kind).toBe('betting');
    expect(t.ofType('betting.last-call')).toHaveLength(0);
    expect(bet(t, 'bob', 2, 'player')).toMatchObject({ ok: true });
    expect(t.state.phase.kind).toBe('betting');
    expect(t.command('ann', 'bets.close', {})).toMatchObject({ ok: true });
    expect(t.last('betting.closed')).toMatchObject({ round: 1 });
    expect(t.state.phase.kind).toBe('dealing');
    expectRefused(t, () => t.command('ann', 'bets.close', {}), 'WRONG_PHASE');
    nextRound(t);
    // Everyone deciding still closes it early (T2.3).
    everyoneNoBet(t);
    expect(t.state.phase.kind).not.toBe('betting');
    for (const event of t.events) expect(tableEventSchema.safeParse(event).success).toBe(true);
  });

  it('T11.9: untimed betting with nobody left seated closes instead of waiting for ever', () => {
    const t = room({ untimedBetting: true });
    t.command('bob', 'seat.leave', { seat: 2 });
    t.command('ann', 'seat.leave', { seat: 1 });
    expect(t.last('betting.closed')).toMatchObject({ round: 1 });
    expect(t.last('round.voided')).toMatchObject({ round: 1, reason: 'empty' });
  });
});

describe('cards the table reveals by itself (T11.10)', () => {
  it('T11.10 P9.5: without card turning each step is revealed revealMs apart, unseen before', () => {
    const t = room({ cardTurning: false, revealMs: 3_000 }, [ROUNDS.bothDraw]);
    expect(bet(t, 'bob', 2, 'player')).toMatchObject({ ok: true });
    everyoneNoBet(t);
    expect(t.command('ann', 'shoe.deal', { round: 1 })).toMatchObject({ ok: true });
    expect(t.state.phase).toMatchObject({ kind: 'turning', turner: null });
    expect(t.last('turn.started')).toMatchObject({ turner: null, deadline: t.now + 3_000 });
    expectRefused(t, () => t.command('bob', 'cards.reveal', { round: 1 }), 'NOT_TURNER');
    const revealedAt: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = t.ofType('cards.revealed').length;
      t.advance(2_999);
      expect(t.ofType('cards.revealed')).toHaveLength(before);
      t.advance(1);
      expect(t.ofType('cards.revealed')).toHaveLength(before + 1);
      revealedAt.push(t.last('cards.revealed')!.at);
    }
    expect(revealedAt.slice(1).map((at, i) => at - revealedAt[i]!)).toEqual([3_000, 3_000, 3_000]);
    expect(t.ofType('cards.revealed').map((e) => e.by)).toEqual([null, null, null, null]);
    expect(t.privates).toEqual([]);
    // No event carries a face before the reveal that turns it.
    const shown = new Set<string>();
    for (const event of t.events) {
      if (event.type === 'cards.revealed') for (const card of event.cards) shown.add(card);
      for (const face of ROUNDS.bothDraw) {
        if (!shown.has(face)) expect(JSON.stringify(event)).not.toContain(`"${face}"`);
      }
    }
    expect(shown.size).toBe(ROUNDS.bothDraw.length);
    expect(t.state.phase.kind).toBe('result');
  });
});

describe('handing the room on (T11.5, T11.6)', () => {
  it('T11.5: the host hands the room to a seated player, and only to one', () => {
    const t = room();
    expectRefused(t, () => t.command('ann', 'room.host', { playerId: 'cat' }), 'NOT_SEATED');
    expect(t.command('ann', 'room.host', { playerId: 'bob' })).toMatchObject({ ok: true });
    expect(t.last('room.updated')!.room).toMatchObject({ hostPlayerId: 'bob', hostName: 'bob' });
    expectRefused(t, () => t.command('ann', 'room.lock', { locked: true }), 'NOT_HOST');
    expect(t.command('bob', 'room.lock', { locked: true })).toMatchObject({ ok: true });
  });

  it('T11.6: a host gone for the hold passes the room to the longest-seated player', () => {
    const t = room();
    t.advance(1_000);
    t.sit('cat', 3);
    t.away('ann');
    t.advance(HOLD - 1);
    expect(t.state.room!.hostPlayerId).toBe('ann');
    t.advance(1);
    expect(t.last('room.updated')!.room).toMatchObject({ hostPlayerId: 'bob' });
    expect(t.state.seats.map((s) => s.player.id)).toEqual(['bob', 'cat']);
  });

  it('T11.6: a present player comes before an away one; a host back in time stays host', () => {
    const t = room();
    t.advance(1_000);
    t.sit('cat', 3);
    t.away('ann');
    t.advance(HOLD / 2);
    t.away('ann', false);
    t.advance(HOLD);
    expect(t.state.room!.hostPlayerId).toBe('ann');
    t.away('bob');
    t.away('ann');
    t.advance(HOLD);
    expect(t.state.room!.hostPlayerId).toBe('cat');
  });

  it('T11.6: a room that starts counts its host as gone until they connect', () => {
    const t = room();
    t.away('bob');
    const restored = hostAwayFromStart(restoreSeatsAway(t.state, t.now), t.now);
    // Seated, the host has their seat's deadline; unseated, the hold from the start.
    expect(restored.room!.hostAwayUntil).toBe(restored.seats[0]!.awayUntil);
    const unseated = new ReducerHarness({}, [], { host: 'ann' });
    expect(hostAwayFromStart(unseated.state, unseated.now).room!.hostAwayUntil).toBe(
      unseated.now + HOLD,
    );
    expect(hostAwayFromStart(new ReducerHarness().state, 0).room).toBeNull();
    t.state = restored;
    t.away('ann', false);
    expect(t.state.room!.hostAwayUntil).toBeNull();
  });

  it('T11.6: with nobody else seated, the first to sit after the hold becomes host', () => {
    const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.playerWin])], { host: 'ann' });
    t.away('ann');
    t.advance(HOLD);
    expect(t.state.room!.hostPlayerId).toBe('ann');
    t.sit('bob', 4);
    expect(t.state.room).toMatchObject({ hostPlayerId: 'bob', hostName: 'bob' });
  });
});

describe('closing a room (T11.7, T11.8)', () => {
  it('T11.7: the round in play settles, the shoe ends with its seed, then the room closes', () => {
    const t = room();
    expect(bet(t, 'bob', 2, 'player')).toMatchObject({ ok: true });
    expect(t.command('ann', 'room.close', {})).toMatchObject({ ok: true });
    expect(t.last('room.updated')!.room.closing).toBe(true);
    expect(t.last('betting.closed')).toMatchObject({ round: 1 });
    expectRefused(t, () => t.sit('cat', 3), 'ROOM_CLOSED');
    expectRefused(t, () => t.command('ann', 'room.lock', { locked: true }), 'ROOM_CLOSED');
    fireUntil(t, 'waiting');
    const types = typesOf(t.events);
    const order = ['settlement.paid', 'round.result', 'shoe.ended', 'room.closed'];
    const at = order.map((type) => types.lastIndexOf(type as never));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(t.last('shoe.ended')).toMatchObject({ serverSeed: 'a'.repeat(64) });
    expect(t.last('room.closed')).toMatchObject({ reason: 'host' });
    expect(t.roomsClosed).toBe(1);
    expect(t.effects.filter((e) => e.type === 'end-shoe')).toHaveLength(1);
    expect(t.wallets.get('bob')).toBe(101_000);
    expect(t.ofType('betting.opened')).toHaveLength(1);
    // The seats empty with the room, each leave recorded under its own key.
    expect(t.state.seats).toEqual([]);
    const leaves = t.effects.filter((e) => e.type === 'record-seat' && e.kind === 'LEAVE');
    expect(leaves.map((e) => e.type === 'record-seat' && e.playerId)).toEqual(['ann', 'bob']);
    expect(new Set(leaves.map((e) => e.type === 'record-seat' && e.key)).size).toBe(2);
    expect(types.lastIndexOf('seat.left')).toBeLessThan(types.lastIndexOf('room.closed'));
  });

  it('T11.7: a round nobody bet on is dropped; a room with no shoe closes at once', () => {
    const t = room();
    t.command('ann', 'room.close', {});
    expect(t.last('round.voided')).toMatchObject({ round: 1, reason: 'empty' });
    expect(t.last('room.closed')).toMatchObject({ reason: 'host' });
    expect(t.ofType('shoe.ended')).toHaveLength(1);
    const empty = new ReducerHarness({}, [], { host: 'ann' });
    empty.command('ann', 'room.close', {});
    expect(typesOf(empty.events)).toEqual(['room.updated', 'room.closed']);
    expect(empty.roomsClosed).toBe(1);
  });

  it('T11.8: an idle room closes the same way, saying why', () => {
    const t = room();
    expect(bet(t, 'bob', 2, 'banker')).toMatchObject({ ok: true });
    t.dispatch({ type: 'room-idle', now: t.now });
    fireUntil(t, 'waiting');
    expect(t.last('shoe.ended')).toBeDefined();
    expect(t.last('room.closed')).toMatchObject({ reason: 'idle' });
    expect(t.roomsClosed).toBe(1);
    const publicTable = new ReducerHarness();
    publicTable.dispatch({ type: 'room-idle', now: publicTable.now });
    expect(publicTable.events).toEqual([]);
  });
});
