import { describe, expect, it } from 'vitest';
import { roundStatus } from '../shoe.js';
import { unwrap } from '../testing/unwrap.js';
import { BACCARA_BANQUE_CUT, createBaccaraBanqueShoe } from './shoe.js';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'banque', shoeNumber: 1 };

describe('R20 the Baccara Banque shoe', () => {
  it('R20.1 three decks for a limited bank, six for an open one, no other count', () => {
    expect(unwrap(createBaccaraBanqueShoe({ ...seeds, decks: 3 })).cards).toHaveLength(156);
    expect(unwrap(createBaccaraBanqueShoe({ ...seeds, decks: 6 })).cards).toHaveLength(312);
    const eight = createBaccaraBanqueShoe({ ...seeds, decks: 8 });
    expect(eight.ok === false && eight.error.code).toBe('INVALID_DECKS');
  });

  it('R20.2 the stop card lies 10 from the back, finishing the coup it comes out in', () => {
    const shoe = unwrap(createBaccaraBanqueShoe({ ...seeds, decks: 3 }));
    expect(BACCARA_BANQUE_CUT).toBe(10);
    expect(shoe).toMatchObject({ cut: 10, lastHand: 'finish-current' });
    expect(roundStatus(shoe)).toBe('burn-needed');
  });
});
