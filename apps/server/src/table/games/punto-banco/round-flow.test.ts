import { describe, expect, it } from 'vitest';
import { tableEventSchema } from '@banco/protocol';
import { ReducerHarness } from '../../testing/reducer-harness.js';

describe('a round from betting to result (T2)', () => {
  it('T2.1 T2.2 T6.2: plays rounds in order with a version per event', () => {
    const table = new ReducerHarness();
    expect(table.sit('ann', 3)).toMatchObject({ ok: true, seat: 3 });
    expect(table.state.phase.kind).toBe('betting');
    expect(table.ofType('shoe.new')).toHaveLength(1);
    expect(table.ofType('shoe.holder')[0]).toMatchObject({ seat: 3, reason: 'first-seat' });
    const reply = table.command('ann', 'bets.confirm', {
      round: table.round,
      seat: 3,
      confirmId: 'confirm-0001',
      bets: [{ spot: 'player', amount: 1000 }],
    });
    expect(reply).toMatchObject({ ok: true, balance: 99_000, replayed: false });
    // Ann is the only seat, so betting closes at once and she is to deal.
    expect(table.state.phase.kind).toBe('dealing');
    expect(table.command('ann', 'shoe.deal', { round: table.round })).toMatchObject({ ok: true });
    for (let i = 0; i < 6 && table.state.phase.kind === 'turning'; i++) table.fire();
    expect(table.state.phase.kind).toBe('result');
    const types = table.events.map((e) => e.type);
    expect(types.indexOf('settlement.collected')).toBeLessThan(types.indexOf('settlement.paid'));
    expect(types.indexOf('settlement.paid')).toBeLessThan(types.indexOf('round.result'));
    table.events.forEach((event, i) => {
      expect(event.version).toBe(i + 1);
      expect(tableEventSchema.safeParse(event).success).toBe(true);
    });
    table.fire();
    expect(table.state.phase.kind).toBe('betting');
    expect(table.round).toBe(2);
  });
});
