import type { ShoeReply } from '@banco/protocol';
import { baccaraBanque, burnShoe, roundStatus } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { banqueCoupRows } from '../banque/shoe-coups';
import { checkBanqueShoe } from './banque-replay';
import type { RevealedShoe } from './replay';

const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'replay', shoeNumber: 3, decks: 3 };
const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const PLAY: baccaraBanque.CoupPlay = { bankerRule: (p) => (p.bankerTotal <= 5 ? 'draw' : 'stand') };
const RULES: baccaraBanque.CoupRules = {
  cagnotteBp: 125,
  choices: 'by-rule',
  watchersMayStake: false,
};

/** A whole fair 3-deck shoe played by the rules, stored as the server stores it (T16.12, P5.1). */
function playedShoe(): ShoeReply['rounds'] {
  const created = unwrap(baccaraBanque.createBaccaraBanqueShoe(seeds));
  let shoe = unwrap(burnShoe(created)).state;
  const rounds: ShoeReply['rounds'] = [];
  for (let n = 1; roundStatus(shoe) !== 'finished'; n++) {
    const seats = [1, 2, 8];
    const holders = baccaraBanque.firstHolders(seats, 1);
    let state = unwrap(
      baccaraBanque.openCoup({ rules: RULES, shoe, banker: 1, bank: 10_000, holders, seats }),
    );
    const call = { kind: 'stake', on: 'cheval', amount: 100 } as const;
    state = unwrap(
      baccaraBanque.stepCoup(state, { type: 'call', player: 'a', seat: 2, call }, PLAY),
    );
    state = unwrap(baccaraBanque.stepCoup(state, { type: 'close-stakes' }, PLAY));
    if (state.phase !== 'settled') throw new Error(`coup ${n} ended ${state.phase}`);
    const { right, left, banker } = state.cards;
    const thirds = state.story.flatMap((s) => (s.kind === 'draw' && s.card ? [s.card] : []));
    rounds.push({
      number: n,
      cards: [right[0]!, left[0]!, banker[0]!, right[1]!, left[1]!, banker[1]!, ...thirds],
      outcome: 'banker',
      voided: false,
      story: JSON.parse(JSON.stringify(state.story)) as ShoeReply['rounds'][number]['story'],
    });
    shoe = state.shoe;
  }
  return rounds;
}

const record = (rounds: ShoeReply['rounds']): ShoeReply => ({
  id: 's',
  tableId: 'r',
  number: seeds.shoeNumber,
  commitment: '',
  clientSeed: seeds.clientSeed,
  decks: 3,
  cut: 10,
  lastHand: 'finish-current',
  game: 'baccara-banque',
  burnShown: null,
  startedAt: '2026-12-07T20:00:00.000Z',
  endedAt: '2026-12-07T21:00:00.000Z',
  serverSeed: seeds.serverSeed,
  rounds,
  verification: null,
});

const revealed: RevealedShoe = {
  serverSeed: seeds.serverSeed,
  clientSeed: seeds.clientSeed,
  commitment: '',
  contributions: null,
  shoeNumber: seeds.shoeNumber,
  decks: 3,
  cut: 10,
  lastHand: 'finish-current',
};

describe('/fairness re-runs a Baccara Banque shoe by R25 from the story it publishes', () => {
  it('R25.1 verifies every coup of a fair shoe played to its end', () => {
    const rounds = playedShoe();
    expect(rounds.length).toBeGreaterThan(15);
    const check = checkBanqueShoe(revealed, banqueCoupRows(record(rounds)));
    expect(check.ok && check.difference).toBe(null);
    expect(check.ok && check.rows.length).toBe(rounds.length);
  });

  it('R25.1 names a coup whose third card went to another hand than the shoe allows', () => {
    const rounds = playedShoe();
    // Coup 1's story tampered: its hands swapped, right for left.
    const [first, ...rest] = rounds;
    const steps = first!.story!.map((s) =>
      s.kind === 'dealt' ? { ...s, right: s.left, left: s.right } : s,
    );
    const check = checkBanqueShoe(
      revealed,
      banqueCoupRows(record([{ ...first!, story: steps }, ...rest])),
    );
    expect(check.ok && check.difference).toMatch(/^coup 1: the table recorded/);
  });

  it('P5.1 a record without its story cannot be split by hand, and says so', () => {
    const rounds = playedShoe().map((r) => ({ ...r, story: null }));
    const check = checkBanqueShoe(revealed, banqueCoupRows(record(rounds)));
    expect(check).toEqual({ ok: false, message: expect.stringMatching(/no story/) as string });
  });
});
