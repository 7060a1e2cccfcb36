import type { LastHandRule } from '@banco/rules';

/**
 * Published test vectors of the fair shoe (docs/fairness.md): seeds in, commitment and first
 * cards out. The page recomputes the outputs with @banco/rules in the browser; a unit test
 * checks these literals against `pnpm banco verify` (vectors.test.ts).
 */
export interface TestVector {
  serverSeed: string;
  clientSeed: string;
  shoeNumber: number;
  decks: number;
  cut: number;
  lastHand: LastHandRule;
  commitment: string;
  burnShown: string;
  firstRound: { player: string[]; banker: string[] };
}

export const TEST_VECTORS: readonly TestVector[] = [
  {
    serverSeed: 'a'.repeat(64),
    clientSeed: 'table-1',
    shoeNumber: 1,
    decks: 8,
    cut: 16,
    lastHand: 'plus-one',
    commitment: 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
    burnShown: '4H',
    firstRound: { player: ['QC', '2S', '4S'], banker: ['7C', '8D', 'QC'] },
  },
  {
    serverSeed: '0123456789abcdef'.repeat(4),
    clientSeed: 'banco',
    shoeNumber: 2,
    decks: 6,
    cut: 14,
    lastHand: 'plus-one',
    commitment: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
    burnShown: '6S',
    firstRound: { player: ['8D', '9H'], banker: ['QD', '10C', 'JC'] },
  },
  {
    serverSeed: 'f'.repeat(64),
    clientSeed: 'practice table',
    shoeNumber: 7,
    decks: 1,
    cut: 5,
    lastHand: 'finish-current',
    commitment: 'df0790f236013511e91fa4532fb7761f62320a51a3868dabf4a13fe5f53e3263',
    burnShown: '7S',
    firstRound: { player: ['AC', 'JS', '2H'], banker: ['10S', '10D', '5C'] },
  },
];
