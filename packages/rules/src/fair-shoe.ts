/**
 * Table shoes (R10.2): the fair shuffle (R11) feeding the shoe (R10). playShoe is what a
 * player or bot runs once the server seed is revealed, to see every round the table dealt.
 */
import type { CardCode } from './cards.js';
import {
  commitmentOf,
  FAIR_SHUFFLE_VERSION,
  fairShuffle,
  validateFairShoeInput,
  type FairShoeInput,
} from './fairness.js';
import { ok, type Result } from './result.js';
import type { RoundResult } from './round.js';
import { validateShoeConfig, type ShoeConfig } from './shoe-config.js';
import {
  burnShoe,
  cardsLeft,
  createShoe,
  dealRound,
  roundStatus,
  type CutCardEvent,
  type ShoeState,
} from './shoe.js';

export type FairShoeRequest = FairShoeInput & Partial<ShoeConfig>;

function configOf(request: FairShoeRequest): Result<ShoeConfig> {
  const { decks, cut, lastHand } = request;
  return validateShoeConfig({ decks, cut, lastHand });
}

/** Checks the seeds and the settings, then shuffles; the state keeps no seed. */
export function createFairShoe(request: FairShoeRequest): Result<ShoeState> {
  const config = configOf(request);
  if (!config.ok) return config;
  const cards = fairShuffle({ ...request, decks: config.value.decks });
  if (!cards.ok) return cards;
  return createShoe(cards.value, config.value);
}

export interface PlayedShoe {
  /** The fair shuffle version the shoe was shuffled with. */
  readonly version: typeof FAIR_SHUFFLE_VERSION;
  /** R11.1: what the table published before the first card. */
  readonly commitment: string;
  readonly clientSeed: string;
  readonly shoeNumber: number;
  readonly config: ShoeConfig;
  /** R10.3 */
  readonly burn: { readonly shown: CardCode; readonly burned: readonly CardCode[] };
  readonly rounds: readonly RoundResult[];
  readonly cutCard: CutCardEvent | null;
  /** Cards still in the shoe, cut card side, when it ended. */
  readonly cardsLeft: number;
}

/** The whole shoe from the revealed seeds: burn, then rounds until the cut card ends it. */
export function playShoe(request: FairShoeRequest): Result<PlayedShoe> {
  const input = validateFairShoeInput(request);
  if (!input.ok) return input;
  const config = configOf(request);
  if (!config.ok) return config;
  const created = createFairShoe(request);
  if (!created.ok) return created;
  const burned = burnShoe(created.value);
  if (!burned.ok) return burned;
  let state = burned.value.state;
  const rounds: RoundResult[] = [];
  while (roundStatus(state) !== 'finished') {
    const dealt = dealRound(state);
    if (!dealt.ok) return dealt;
    rounds.push(dealt.value.round);
    state = dealt.value.state;
  }
  return ok({
    version: FAIR_SHUFFLE_VERSION,
    commitment: commitmentOf(input.value.serverSeed),
    clientSeed: input.value.clientSeed,
    shoeNumber: input.value.shoeNumber,
    config: config.value,
    burn: { shown: burned.value.shown, burned: burned.value.burned },
    rounds,
    cutCard: state.cutCard,
    cardsLeft: cardsLeft(state),
  });
}
