import { tableSnapshotSchema } from '@banco/protocol';
import { clientSeedFrom, commitmentOf, createFairShoe } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../core/snapshot.js';
import { ReducerHarness } from '../../testing/reducer-harness.js';
import { expectRefused } from '../../testing/scripted-shoes.js';
import { puntoBanco } from './game.js';

const SEED = 'a'.repeat(64);
const commitment = commitmentOf(SEED);

/** A table whose new shoes wait 5 s for seed contributions. */
function seedingTable(): ReducerHarness {
  const t = new ReducerHarness({ seedMs: 5_000 });
  t.sit('ann', 1);
  return t;
}

describe('the client seed comes from the players (R11.7, T7.1)', () => {
  it('T7.1 R11.1: the commitment goes out first, and the shoe waits for contributions', () => {
    const t = seedingTable();
    expect(t.state.phase).toMatchObject({ kind: 'seeding', deadline: t.now + 5_000 });
    expect(t.last('shoe.new')).toMatchObject({ commitment, seedingUntil: t.now + 5_000 });
    expect(t.ofType('shoe.shuffled')).toEqual([]);
    expect(t.ofType('shoe.burned')).toEqual([]);
    const snapshot = snapshotOf(
      t.state,
      { playerId: 'ann', spectators: 0, now: t.now },
      puntoBanco,
    );
    expect(tableSnapshotSchema.parse(snapshot).phase).toEqual({
      kind: 'seeding',
      shoeId: 'shoe-1',
      number: 1,
      commitment,
      deadline: t.now + 5_000,
      contributions: [],
    });
    expect(JSON.stringify(snapshot)).not.toContain(SEED);
  });

  it('R11.7 T7.2: the contributions, in order, make the client seed the shoe is shuffled with', () => {
    const t = seedingTable();
    expect(t.command('ann', 'shoe.seed', { seed: 'ann likes 7s' })).toMatchObject({ ok: true });
    expect(t.command('zoe', 'shoe.seed', { seed: 'watching & hoping' })).toMatchObject({
      ok: true,
    });
    expect(t.last('shoe.contribution')).toMatchObject({
      playerId: 'zoe',
      seed: 'watching & hoping',
      count: 2,
    });
    t.advance(5_000);
    const seeds = ['ann likes 7s', 'watching & hoping'];
    const clientSeed = clientSeedFrom(commitment, seeds);
    if (!clientSeed.ok) throw new Error(clientSeed.error.message);
    expect(t.last('shoe.shuffled')).toMatchObject({
      contributions: seeds,
      shoe: { commitment, clientSeed: clientSeed.value },
    });
    const fair = createFairShoe({
      serverSeed: SEED,
      clientSeed: clientSeed.value,
      shoeNumber: 1,
      decks: 8,
      cut: 16,
      lastHand: 'plus-one',
    });
    if (!fair.ok) throw new Error(fair.error.message);
    expect(t.last('shoe.burned')).toMatchObject({ shown: fair.value.cards[0] });
    expect(t.effects.find((e) => e.type === 'record-shuffle')).toMatchObject({
      clientSeed: clientSeed.value,
    });
    expect(t.state.phase.kind).toBe('betting');
  });

  it('R11.7: one contribution a player, only while the shoe waits, and at most 32', () => {
    const t = seedingTable();
    t.command('ann', 'shoe.seed', { seed: 'first' });
    expectRefused(
      t,
      () => t.command('ann', 'shoe.seed', { seed: 'second' }),
      'ALREADY_CONTRIBUTED',
    );
    for (let i = 1; i < 32; i++) t.command(`p${i}`, 'shoe.seed', { seed: `seed ${i}` });
    expectRefused(t, () => t.command('late', 'shoe.seed', { seed: 'too many' }), 'SEEDING_FULL');
    t.advance(5_000);
    expect(t.last('shoe.shuffled')!.contributions).toHaveLength(32);
    expectRefused(t, () => t.command('late', 'shoe.seed', { seed: 'too late' }), 'WRONG_PHASE');
  });
});
