import { burnShoe, cardValue, cheminDeFer, handTotal } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { checkCheminShoe, type RecordedCoup } from './chemin-replay';
import { TEST_VECTORS } from './vectors';

const vector = TEST_VECTORS[0]!;
const shoe = {
  ...vector,
  decks: 6,
  cut: 7,
  lastHand: 'finish-current' as const,
  contributions: null,
};

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * A table's record of a whole shoe, played as a room would: four seats, several stakes, and at
 * every choice cell the option a player took (standing on 5, drawing at the banker's cells),
 * which is not always the rule's.
 */
function playedRecord(): (RecordedCoup & { choices: NonNullable<RecordedCoup['choices']> })[] {
  const rules: cheminDeFer.CoupRules = {
    cagnottePercent: 5,
    choices: 'free',
    limits: { min: 100, max: 1_000_000 },
  };
  const seats = [1, 2, 3, 4];
  let state = unwrap(
    burnShoe(
      unwrap(
        cheminDeFer.createCheminDeFerShoe({
          serverSeed: vector.serverSeed,
          clientSeed: vector.clientSeed,
          shoeNumber: vector.shoeNumber,
          decks: 6,
        }),
      ),
    ),
  ).state;
  const coups: ReturnType<typeof playedRecord> = [];
  for (let n = 1; n < 200; n++) {
    const posted = cheminDeFer.postBank({
      rules,
      shoe: state,
      offer: cheminDeFer.openBank(seats, n % 4 === 0 ? null : n % 4),
      seats,
      banker: 1 + (n % 4),
      bank: 1_000,
      bancoSuivi: null,
    });
    if (!posted.ok && posted.error.code === 'SHOE_FINISHED') break; // the stop card ended it
    if (!posted.ok) throw new Error(posted.error.message);
    let coup = posted.value;
    for (const seat of coup.punters) {
      coup = unwrap(
        cheminDeFer.stepCoup(coup, { type: 'call', seat, call: { kind: 'stake', amount: 400 } }),
      );
    }
    coup = unwrap(cheminDeFer.stepCoup(coup, { type: 'close-cover' }));
    const choices: RecordedCoup['choices'] = [];
    while (coup.phase === 'punto-choice' || coup.phase === 'banker-choice') {
      const punto = coup.phase === 'punto-choice';
      const option = punto ? 'stand' : 'draw';
      const seat = punto ? coup.cover.puntoSeat! : coup.banker;
      const third = coup.punto[2];
      const cell = punto
        ? 'punto-5'
        : (
            cheminDeFer.bankerDecision(
              handTotal(coup.bankerCards),
              third === undefined ? null : cardValue(third),
            ) as { kind: 'choice'; cell: cheminDeFer.ChoiceCell }
          ).cell;
      choices.push({ cell, option });
      coup = unwrap(cheminDeFer.stepCoup(coup, { type: 'choose', seat, option }));
    }
    if (coup.phase !== 'settled') throw new Error(coup.phase);
    coups.push({
      number: n,
      cards: [...coup.punto, ...coup.bankerCards],
      outcome: coup.settlement.outcome,
      choices,
    });
    state = coup.shoe;
  }
  return coups;
}

const record = playedRecord();

describe('re-running a Chemin de Fer shoe on /fairness', () => {
  it('R14.2, R16 an honest record of a whole shoe matches coup by coup, choices and all', () => {
    expect(record.length).toBeGreaterThan(40);
    const made = record.flatMap((c) => c.choices ?? []);
    expect(made.some((c) => c.cell === 'punto-5')).toBe(true);
    const checked = checkCheminShoe(shoe, record);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.difference).toBeNull();
    expect(checked.rows).toHaveLength(record.length);
    expect(checked.rows.every((r) => r.same)).toBe(true);
    expect(checked.rows.flatMap((r) => r.choices)).toEqual(made);
    // The replay's own dealing order: punto, banker, punto, banker, then the thirds.
    const first = checked.rows[0]!;
    expect(first.cards.slice(0, 4)).toEqual([
      first.puntoCards[0],
      first.bankerCards[0],
      first.puntoCards[1],
      first.bankerCards[1],
    ]);
  });

  it('R16.2 a choice recorded other than it was made deals other cards: named at its coup', () => {
    const at = record.findIndex((c) => c.choices?.[0]?.cell === 'punto-5');
    const tampered = record.map((c, i) =>
      i === at ? { ...c, choices: [{ cell: 'punto-5' as const, option: 'draw' as const }] } : c,
    );
    const checked = checkCheminShoe(shoe, tampered);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.difference).toMatch(
      new RegExp(`^coup ${record[at]!.number}: the table recorded the cards`),
    );
  });

  it('R16 with no choices recorded, they are read from the cards each coup took', () => {
    const bare = record.map(({ choices: _choices, ...coup }) => coup);
    const checked = checkCheminShoe(shoe, bare);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.difference).toBeNull();
    // A choice that changed no card (a stand followed by a forced draw) reads the same both ways.
    const read = checked.rows.flatMap((r) => r.choices);
    expect(read.filter((c) => c.cell === 'punto-5').length).toBe(
      record.flatMap((c) => c.choices ?? []).filter((c) => c.cell === 'punto-5').length,
    );
    const altered = bare.map((c, i) => (i === 5 ? { ...c, cards: [...c.cards].reverse() } : c));
    const caught = checkCheminShoe(shoe, altered);
    expect(caught.ok && caught.difference).toMatch(/^coup 6: the table recorded the cards/);
  });

  it('R11.1 a seed that is not the committed one is named before any coup', () => {
    const checked = checkCheminShoe({ ...shoe, commitment: '0'.repeat(64) }, record);
    expect(checked.ok && checked.difference).toMatch(/^SHA-256 of the server seed is/);
  });

  it('R15.5 a coup that took no card is skipped; a changed result is named', () => {
    const withSkip: RecordedCoup[] = [
      { number: 1, cards: [], outcome: null, choices: [] },
      ...record.map((c) => ({ ...c, number: c.number + 1 })),
    ];
    const honest = checkCheminShoe(shoe, withSkip);
    expect(honest.ok && honest.difference).toBeNull();
    const flipped = withSkip.map((c, i) =>
      i === 3 ? { ...c, outcome: c.outcome === 'tie' ? ('banker' as const) : ('tie' as const) } : c,
    );
    const checked = checkCheminShoe(shoe, flipped);
    expect(checked.ok && checked.difference).toMatch(/^coup 4: the table recorded a .* result/);
  });

  it("R19.1 R19.2 the server's re-run (the rules' replayCheminShoe) agrees with this page coup by coup", () => {
    const seeds = { ...vector, decks: 6 };
    const honest = unwrap(cheminDeFer.replayCheminShoe(seeds, record));
    expect(honest.coups.filter((c) => c.why !== null)).toEqual([]);
    const checked = checkCheminShoe(shoe, record);
    if (!checked.ok) throw new Error(checked.message);
    expect(honest.coups.map((c) => [...c.punto, ...c.banker])).toEqual(
      checked.rows.map((r) => [...r.puntoCards, ...r.bankerCards]),
    );
    const altered = record.map((c, i) => (i === 5 ? { ...c, cards: [...c.cards].reverse() } : c));
    const server = unwrap(cheminDeFer.replayCheminShoe(seeds, altered));
    expect(server.coups.filter((c) => c.why !== null).map((c) => c.number)).toEqual([6]);
    const page = checkCheminShoe(shoe, altered);
    expect(page.ok && page.difference).toMatch(/^coup 6:/);
  });
});
