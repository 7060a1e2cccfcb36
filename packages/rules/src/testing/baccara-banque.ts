import type { CardCode } from '../cards.js';
import type { BankerRule } from '../baccara-banque/banker-choice.js';
import {
  openCoup,
  stepCoup,
  type CoupEvent,
  type CoupPlay,
  type CoupRules,
  type CoupState,
} from '../baccara-banque/coup.js';
import { firstHolders } from '../baccara-banque/sides.js';
import type { StakeCall } from '../baccara-banque/stakes.js';
import { burnShoe, createShoe, type ShoeState } from '../shoe.js';
import { unwrap } from './unwrap.js';

export const FREE: CoupRules = { cagnotteBp: 125, choices: 'free', watchersMayStake: true };
export const BY_RULE: CoupRules = { ...FREE, choices: 'by-rule' };

/** A cheap stand-in for the exact rule, for tests that are not about the banker's choice. */
export const drawBelowSix: BankerRule = (position) =>
  position.bankerTotal <= 5 ? 'draw' : 'stand';
export const PLAY: CoupPlay = { bankerRule: drawBelowSix };

/**
 * A burned shoe whose next cards are `coupCards`: AS shown, QS burned (R10.3), then the coup,
 * then kings enough that the stop card (10 from the back, R20.2) lies behind the coup's cards.
 */
export function stackedShoe(coupCards: readonly CardCode[], filler = 12): ShoeState {
  const pad = Math.max(filler, 22 - coupCards.length);
  const cards: CardCode[] = ['AS', 'QS', ...coupCards, ...Array<CardCode>(pad).fill('KH')];
  const shoe = unwrap(createShoe(cards, { cut: 10, lastHand: 'finish-current' }));
  return unwrap(burnShoe(shoe)).state;
}

export const step = (state: CoupState, event: CoupEvent, play: CoupPlay = PLAY): CoupState =>
  unwrap(stepCoup(state, event, play));

/** Seat 13 is nobody's: the banker sits in seat 1; punters at 2, 3 (right) and 7, 8 (left). */
export const SEATS = [1, 2, 3, 7, 8];

export function opened(
  coupCards: readonly CardCode[],
  bank = 1000,
  rules: CoupRules = FREE,
  seats: readonly number[] = SEATS,
): CoupState {
  return unwrap(
    openCoup({
      rules,
      shoe: stackedShoe(coupCards),
      banker: 1,
      bank,
      holders: firstHolders(seats, 1),
      seats,
    }),
  );
}

export const call = (seat: number | null, c: StakeCall, player = `p${seat ?? 'w'}`): CoupEvent => ({
  type: 'call',
  player,
  seat,
  call: c,
});

/** Stakes 400 on the right from seat 2 and 300 on the left from seat 7, then the deal. */
export function dealtCoup(
  coupCards: readonly CardCode[],
  rules: CoupRules = FREE,
  play: CoupPlay = PLAY,
): CoupState {
  let state = opened(coupCards, 1000, rules);
  state = step(state, call(2, { kind: 'stake', on: 'right', amount: 400 }), play);
  state = step(state, call(7, { kind: 'stake', on: 'left', amount: 300 }), play);
  return step(state, { type: 'close-stakes' }, play);
}

/**
 * R23.3: every holder calls (the table carries out the punto rule on 0–4 and 6–7); on 5 the
 * holder takes `onFive`. Returns the coup once no holder's call is pending.
 */
export function holdersCall(
  state: CoupState,
  onFive: 'draw' | 'stand' = 'draw',
  play: CoupPlay = PLAY,
): CoupState {
  let s = state;
  while (s.phase === 'punto-choice') {
    const seat = s.holders[s.tableau]!;
    s = step(s, { type: 'choose', seat, option: onFive }, play);
  }
  return s;
}
