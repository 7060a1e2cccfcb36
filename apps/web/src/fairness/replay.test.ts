import { playShoe } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { checkShoe, type RecordedRound } from './replay';
import { TEST_VECTORS } from './vectors';

const vector = TEST_VECTORS[0]!;
const shoe = { ...vector, commitment: vector.commitment, contributions: null };
const played = playShoe(vector);
if (!played.ok) throw new Error(played.error.message);
/** The shoe exactly as a table would have recorded it. */
const recorded: RecordedRound[] = played.value.rounds.map((r, i) => ({
  number: i + 1,
  cards: [...r.dealt],
  outcome: r.outcome,
  voided: false,
  playerTotal: r.player.total,
  bankerTotal: r.banker.total,
}));

describe('re-running a revealed shoe in the browser', () => {
  it('finds no difference in an honest record (81 rounds, docs/fairness.md)', () => {
    const checked = checkShoe(shoe, recorded);
    expect(checked.ok && checked.difference).toBeNull();
    expect(checked.ok && checked.rows.length).toBe(81);
    expect(checked.ok && checked.rows.every((r) => r.same === true)).toBe(true);
  });

  it('names the first altered round, and what differs in it', () => {
    const tampered = recorded.map((r) => ({ ...r, cards: [...r.cards] }));
    tampered[6]!.cards[0] = tampered[6]!.cards[0] === 'KS' ? 'QS' : 'KS';
    tampered[9]!.outcome = 'tie';
    const checked = checkShoe(shoe, tampered);
    expect(checked.ok && checked.difference).toMatchObject({ round: 7 });
    expect(checked.ok && checked.difference?.what).toMatch(/recorded the cards .* the shoe deals/);
    expect(checked.ok && checked.rows.filter((r) => r.same === false).map((r) => r.number)).toEqual(
      [7, 10],
    );
  });

  it('flags a seed that does not hash to the commitment before any round', () => {
    const checked = checkShoe({ ...shoe, commitment: 'b'.repeat(64) }, recorded);
    expect(checked.ok && checked.difference).toMatchObject({ round: null });
  });

  it('makes the client seed from the commitment and contributions (R11.7)', () => {
    const checked = checkShoe({ ...shoe, clientSeed: '', contributions: ['lucky', 'seven'] }, null);
    expect(checked.ok && checked.clientSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(checkShoe({ ...shoe, clientSeed: '', contributions: null }, null)).toMatchObject({
      ok: false,
    });
    expect(checkShoe({ ...shoe, serverSeed: 'A'.repeat(64) }, null)).toMatchObject({ ok: false });
  });
});
