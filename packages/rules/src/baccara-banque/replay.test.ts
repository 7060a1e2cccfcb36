import { describe, expect, it } from 'vitest';
import { burnShoe, roundStatus } from '../shoe.js';
import { BY_RULE, PLAY } from '../testing/baccara-banque.js';
import { unwrap } from '../testing/unwrap.js';
import { openCoup, stepCoup } from './coup.js';
import { replayBanqueShoe, type StoredBanqueCoup } from './replay.js';
import { createBaccaraBanqueShoe } from './shoe.js';
import { firstHolders } from './sides.js';

const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'replay', shoeNumber: 3, decks: 3 };

/** A whole 3-deck shoe played by the rule, stored as a table stores it. */
function playedShoe(): StoredBanqueCoup[] {
  let shoe = unwrap(burnShoe(unwrap(createBaccaraBanqueShoe(seeds)))).state;
  const stored: StoredBanqueCoup[] = [];
  for (let n = 1; roundStatus(shoe) !== 'finished'; n++) {
    const seats = [1, 2, 8];
    let state = unwrap(
      openCoup({
        rules: BY_RULE,
        shoe,
        banker: 1,
        bank: 10_000,
        holders: firstHolders(seats, 1),
        seats,
      }),
    );
    if (n % 5 === 0) {
      // A coup nobody stakes on takes no card and is stored empty.
      state = unwrap(stepCoup(state, { type: 'close-stakes' }, PLAY));
      stored.push({ number: n, right: [], left: [], banker: [], outcomes: null });
      shoe = state.shoe;
      continue;
    }
    const call = { kind: 'stake', on: 'cheval', amount: 100 } as const;
    state = unwrap(stepCoup(state, { type: 'call', player: 'a', seat: 2, call }, PLAY));
    state = unwrap(stepCoup(state, { type: 'close-stakes' }, PLAY));
    if (state.phase !== 'settled') throw new Error(`coup ${n} ended ${state.phase}`);
    stored.push({ number: n, ...state.cards, outcomes: state.settlement.outcomes });
    shoe = state.shoe;
  }
  return stored;
}

describe('R25 re-running a Baccara Banque shoe', () => {
  it('R25.1 R25.2 finds every coup a played shoe recorded, in the shoe’s dealing order', () => {
    const stored = playedShoe();
    expect(stored.length).toBeGreaterThan(15);
    const replay = unwrap(replayBanqueShoe(seeds, stored));
    expect(replay.coups.every((c) => c.why === null)).toBe(true);
    expect(replay.coups).toHaveLength(stored.filter((c) => c.banker.length > 0).length);
  });

  it('R25.1 names a coup whose cards the shoe did not deal, and goes on past it', () => {
    const stored = playedShoe();
    const first = stored[0]!;
    const swapped = { ...first, right: [first.left[0]!, ...first.right.slice(1)] };
    const replay = unwrap(replayBanqueShoe(seeds, [swapped, ...stored.slice(1)]));
    expect(replay.coups[0]!.why).toMatch(/the table recorded/);
    expect(replay.coups.slice(1).every((c) => c.why === null)).toBe(true);
  });

  it('R25.2 names a coup whose recorded outcome is not the cards’', () => {
    const stored = playedShoe();
    const first = stored[0]!;
    const flip = { tableau: 'banker', banker: 'tableau', tie: 'banker' } as const;
    const wrong = {
      ...first,
      outcomes: { right: flip[first.outcomes!.right], left: first.outcomes!.left },
    };
    const replay = unwrap(replayBanqueShoe(seeds, [wrong, ...stored.slice(1)]));
    expect(replay.coups[0]!.why).toMatch(/the cards give/);
  });
});
