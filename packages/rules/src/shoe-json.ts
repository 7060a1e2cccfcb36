/**
 * R10.8: writing a shoe out and reading it back. The cards alone fix where every round starts
 * and ends, so a stored state is checked by replaying it from its first card: anything stored
 * that the replay does not reproduce is refused rather than trusted.
 */
import type { CardCode } from './cards.js';
import { err, ok, type Result } from './result.js';
import type { LastHandRule } from './shoe-config.js';
import {
  burnShoe,
  createShoe,
  dealRound,
  drawCard,
  SHOE_FORMAT,
  startRound,
  type CutCardEvent,
  type ShoeState,
} from './shoe.js';

/** The stored form; the same shape as the state, copied so later edits cannot reach it. */
export type ShoeJSON = ShoeState;

export function shoeToJSON(state: ShoeState): ShoeJSON {
  return {
    ...state,
    cards: state.cards.slice(),
    burn: state.burn && { ...state.burn },
    cutCard: state.cutCard && { ...state.cutCard },
  };
}

const invalid = (why: string) => err('INVALID_SHOE_STATE', `not a valid stored shoe: ${why}`);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function sameCutCard(a: CutCardEvent | null, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  return isRecord(b) && b.round === a.round && b.when === a.when;
}

function sameBurn(a: ShoeState['burn'], b: unknown): boolean {
  if (a === null || b === null) return a === b;
  return isRecord(b) && b.shown === a.shown && b.burned === a.burned;
}

/** Replays the stored shoe's progress on a fresh shoe built from the same cards and rule. */
function replay(fresh: ShoeState, stored: Record<string, unknown>): Result<ShoeState> {
  const { roundsDealt, roundStart, next } = stored;
  if (!isCount(roundsDealt) || !isCount(next)) return invalid('bad counters');
  if (roundStart !== null && !isCount(roundStart)) return invalid('bad round start');
  let state = fresh;
  if (stored.burn !== null) {
    const burned = burnShoe(state);
    if (!burned.ok) return burned;
    state = burned.value.state;
  }
  while (state.roundsDealt < roundsDealt) {
    const dealt = dealRound(state);
    if (!dealt.ok) return invalid(`round ${state.roundsDealt + 1} cannot be replayed`);
    state = dealt.value.state;
  }
  if (roundStart !== null) {
    const started = startRound(state);
    if (!started.ok) return invalid('the open round cannot be replayed');
    state = started.value.state;
    while (state.next < next) {
      const drawn = drawCard(state);
      if (!drawn.ok) return invalid('the open round holds more cards than the tableau allows');
      state = drawn.value.state;
    }
  }
  const matches =
    state.next === next &&
    state.roundStart === roundStart &&
    sameBurn(state.burn, stored.burn) &&
    sameCutCard(state.cutCard, stored.cutCard);
  return matches ? ok(state) : invalid('its progress does not match its cards');
}

/** R10.8 */
export function shoeFromJSON(json: unknown): Result<ShoeState> {
  if (!isRecord(json)) return invalid('expected an object');
  if (json.format !== SHOE_FORMAT) return invalid(`format must be "${SHOE_FORMAT}"`);
  if (!Array.isArray(json.cards)) return invalid('cards must be an array of card codes');
  // Missing settings must not quietly turn into the defaults of today.
  if (json.cut === undefined || json.lastHand === undefined)
    return invalid('cut and lastHand are required');
  const fresh = createShoe(json.cards as CardCode[], {
    cut: json.cut as number,
    lastHand: json.lastHand as LastHandRule,
  });
  if (!fresh.ok) return fresh;
  return replay(fresh.value, json);
}
