import type { TableEvent } from '@banco/protocol';
import { resolveFromCards, type CardCode } from '@banco/rules';
import { expect } from 'vitest';
import type { Reply } from '../core/inputs.js';
import type { PhaseKind } from '../core/state.js';
import type { ReducerHarness } from './reducer-harness.js';

/**
 * Rounds whose cards force the outcome, in dealing order (R3.1): P1, B1, P2, B2, then Player's
 * third card, then Banker's. No card code repeats inside a round, and none is the burn card.
 */
export const ROUNDS = {
  /** Player 9 (a natural) against Banker 5. */
  playerWin: ['9H', '2C', 'KD', '3S'],
  /** Player 5 against Banker 9 (a natural). */
  bankerWin: ['2D', '9C', '3H', 'KS'],
  /** 9 against 9. */
  tie: ['9D', '9S', 'QH', 'QC'],
  /** Player 5 draws 4 (R5.1) → 9; Banker 0 draws 5 (R7.2) → 5: every turning step, Player wins. */
  bothDraw: ['2H', 'KC', '3D', 'QS', '4C', '5S'],
  /** Player 7 stands (R5.2); Banker 3 draws 6 (R6.1) → 9: Banker wins with a third card only. */
  bankerDraws: ['7H', '3C', 'JD', 'KH', '6S'],
} as const satisfies Record<string, readonly CardCode[]>;

/** Shown first and burns one card (R10.3): ace, then one unseen card. */
export const BURN: readonly CardCode[] = ['AS', '10H'];

/**
 * A shoe that plays `rounds` in order after the burn, then Banker wins (which keep the shoe where
 * it is) until the shoe ends. Each round must be exactly the cards the tableau asks for.
 */
export function scriptedShoe(
  rounds: readonly (readonly CardCode[])[],
  options: { length?: number; burn?: readonly CardCode[] } = {},
): CardCode[] {
  const { length = 80, burn = BURN } = options;
  for (const round of rounds) {
    const played = resolveFromCards(round);
    if (!played.ok || played.value.dealt.length !== round.length) {
      throw new Error(`not a whole round: ${round.join(' ')}`);
    }
  }
  const cards: CardCode[] = [...burn, ...rounds.flat()];
  while (cards.length < length) cards.push(...ROUNDS.bankerWin);
  return cards;
}

/** Fires the table's timers until it reaches `kind` (every window runs out untouched). */
export function fireUntil(table: ReducerHarness, kind: PhaseKind, limit = 50): void {
  for (let i = 0; table.state.phase.kind !== kind; i++) {
    if (i >= limit) throw new Error(`the table never reached ${kind} (${table.state.phase.kind})`);
    table.fire();
  }
}

/** Plays the rest of the round by timeouts, then opens the next one. */
export function nextRound(table: ReducerHarness): void {
  fireUntil(table, 'result');
  table.fire();
}

/** Every seated player who has not decided declares no bet (betting then closes, T2.3). */
export function everyoneNoBet(table: ReducerHarness): void {
  const { phase } = table.state;
  if (phase.kind !== 'betting') throw new Error(`betting is not open (${phase.kind})`);
  for (const seat of table.state.seats) {
    const decided =
      phase.round.noBet.includes(seat.seat) ||
      phase.round.bets.some((b) => b.playerId === seat.player.id);
    if (!decided) {
      table.command(seat.player.id, 'bets.none', { round: phase.round.seq, seat: seat.seat });
    }
  }
}

/** Events broadcast from position `from` of the harness's log on. */
export const eventsSince = (table: ReducerHarness, from: number): TableEvent[] =>
  table.events.slice(from);

export const typesOf = (events: readonly TableEvent[]) => events.map((e) => e.type);

/**
 * A refused command changes nothing (P1.1): the reply is the refusal, the state is as before,
 * no event goes out and no effect (escrow included) is issued.
 */
export function expectRefused(table: ReducerHarness, run: () => Reply, code: string): Reply {
  const before = table.state;
  const events = table.events.length;
  const effects = table.effects.length;
  const reply = run();
  expect(reply).toMatchObject({ ok: false, code });
  expect(table.state).toEqual(before);
  expect(table.events.slice(events)).toEqual([]);
  expect(table.effects.slice(effects).filter((e) => e.type === 'escrow')).toEqual([]);
  expect(table.effects.slice(effects)).toEqual([]);
  return reply;
}
