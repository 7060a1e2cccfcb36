import { dealRound, roundStatus, type Hand, type RuleSet } from '@banco/rules';
import type { TableSettings } from '@banco/protocol';
import type { TableInput } from '../../core/inputs.js';
import { everyoneDecided } from './betting.js';
import {
  giveShoeToFirstSeat,
  passFromAwayHolder,
  passShoeAfter,
  settleOpenOffer,
} from './shoe-passing.js';
import { isPresent, presentCount, seatOf } from '../../core/seats.js';
import { applyRefills, refillsDue } from '../../core/refills.js';
import { endShoeIfOver, startNextRound } from '../../core/shoe-flow.js';
import type { ShoeSession } from '../../core/state.js';
import { puntoOf, type RevealStep, type RoundState } from './state.js';
import type { Step } from '../../core/step.js';
import { roadsView } from '../../core/views.js';
import { liveOdds } from './odds.js';
import { layoutOf } from './layout.js';
import { turnOrReveal } from './turning.js';

export function openRound(step: Step): void {
  giveShoeToFirstSeat(step);
  const { state } = step;
  const shoe = state.shoe!;
  const seq = state.roundSeq + 1;
  const refills = refillsDue(state);
  step.update({ roundSeq: seq, phase: { kind: 'opening', seq } });
  step.effect({
    type: 'open-round',
    seq,
    shoeId: shoe.id,
    shoeRound: shoe.state.roundsDealt + 1,
    holder: puntoOf(state).houseDeals ? null : puntoOf(state).holder,
    refills,
  });
}

/** T2.2, T8.2: the round is stored and low wallets topped up; bets open. */
export function onRoundOpened(
  step: Step,
  input: Extract<TableInput, { type: 'round-opened' }>,
): void {
  const { phase, settings, shoe } = step.state;
  if (phase.kind !== 'opening' || phase.seq !== input.seq || !shoe) return;
  if (step.state.room?.closing) {
    // T11.7: the room closed while its round was being stored: nobody could bet in it.
    step.update({ phase: { kind: 'waiting' } });
    step.effect({ type: 'void-round', seq: phase.seq, reason: 'empty' });
    return;
  }
  applyRefills(step, input.refills);
  const round: RoundState = {
    seq: input.seq,
    roundId: input.roundId,
    shoeRound: shoe.state.roundsDealt + 1,
    bets: [],
    noBet: [],
    result: null,
    shoeAfter: null,
    steps: [],
    revealed: 0,
    dealer: null,
  };
  const clock = bettingWindow(settings, step.now);
  step.update({ phase: { kind: 'betting', round, ...clock } });
  step.emit({
    type: 'betting.opened',
    round: round.seq,
    shoeRound: round.shoeRound,
    closesAt: clock.closesAt,
    lastBetsAt: clock.lastBetsAt,
  });
  if (clock.closesAt !== null) {
    step.wakeAt(clock.lastCallSent ? clock.closesAt : clock.lastBetsAt!);
  }
}

/** T2.2; T11.9: untimed betting has no closing time and no last call. */
function bettingWindow(settings: TableSettings, now: number) {
  if (settings.untimedBetting) return { closesAt: null, lastBetsAt: null, lastCallSent: true };
  const closesAt = now + settings.bettingMs;
  const lastBetsAt = Math.max(now, closesAt - settings.lastBetsMs);
  return { closesAt, lastBetsAt, lastCallSent: lastBetsAt >= closesAt };
}

/** T2.2: the betting clock: a last call, then the close. */
export function bettingClock(step: Step): void {
  const { phase } = step.state;
  if (phase.kind !== 'betting' || phase.closesAt === null) return;
  if (!phase.lastCallSent) {
    step.update({ phase: { ...phase, lastCallSent: true } });
    step.emit({ type: 'betting.last-call', round: phase.round.seq, closesAt: phase.closesAt });
    step.wakeAt(phase.closesAt);
    return;
  }
  closeBetting(step);
}

/** T2.3; T11.9: untimed betting also ends once nobody is left seated to wait for. */
export function closeBettingIfDecided(step: Step): void {
  const { phase, settings, seats } = step.state;
  if (phase.kind !== 'betting') return;
  const nobodyLeft = settings.untimedBetting && seats.length === 0;
  if (nobodyLeft || everyoneDecided(step.state, phase.round)) closeBetting(step);
}

/** T2.3, T2.4: bets close; the holder has a moment to deal, or the house deals at once. */
export function closeBetting(step: Step): void {
  const { phase } = step.state;
  if (phase.kind !== 'betting') return;
  step.cancelWakeUp();
  step.emit({ type: 'betting.closed', round: phase.round.seq });
  settleOpenOffer(step);
  passFromAwayHolder(step);
  const { state } = step;
  if (presentCount(state) === 0 && phase.round.bets.length === 0) {
    // Nobody left at the table, or only away seats: the round is dropped before any card
    // leaves the shoe, and closed in the ledger so no OPEN round outlives it (T2.5, T9.5).
    step.update({ phase: { kind: 'waiting' } });
    step.effect({ type: 'void-round', seq: phase.round.seq, reason: 'empty' });
    return;
  }
  const { houseDeals, holder } = puntoOf(state);
  const dealer = !houseDeals && isPresent(state, holder) ? holder : null;
  // T12.2: at a self-paced table the player's Deal is their decision: the cards come at once.
  if (dealer === null || state.settings.selfPaced) return dealCards(step, phase.round, dealer);
  const deadline = step.now + state.settings.dealMs;
  step.update({ phase: { kind: 'dealing', round: phase.round, deadline } });
  step.emit({ type: 'dealing.started', round: phase.round.seq, dealer, deadline });
  step.wakeAt(deadline);
}

/**
 * R3: the whole round is drawn from the shoe at once, so the server knows how it ends, but
 * the table only sees the cards as each reveal step turns them (T5).
 */
export function dealCards(step: Step, round: RoundState, by: number | null): void {
  const shoe = step.state.shoe!;
  const dealt = dealRound(shoe.state);
  if (!dealt.ok) throw new Error(`the shoe could not deal: ${dealt.error.message}`);
  const result = dealt.value.round;
  const steps: RevealStep[] = [
    { hand: 'player', stage: 'initial', positions: [0, 2] },
    { hand: 'banker', stage: 'initial', positions: [1, 3] },
  ];
  // R3.1: third cards follow the first four, Player's before Banker's. Not found by face:
  // with several decks both third cards can be the same card.
  let position = 4;
  for (const trace of result.trace) {
    if (trace.action === 'draw') {
      steps.push({ hand: trace.hand, stage: 'third', positions: [position++] });
    }
  }
  const inPlay: RoundState = {
    ...round,
    result,
    shoeAfter: dealt.value.state,
    steps,
    revealed: 0,
    dealer: by,
  };
  const cutCard = dealt.value.state.cutCard;
  if (cutCard?.when === 'before-round' && shoe.state.cutCard === null) {
    // Out in front of this round's first card: known to all before the deal, and it makes
    // this round the shoe's last (R10.5, R10.6).
    step.emit({ type: 'shoe.cut-card', round: round.seq, when: cutCard.when, lastRound: true });
  }
  step.emit({ type: 'cards.dealt', round: round.seq, by, layout: layoutOf(inPlay, 1) });
  turnOrReveal(step, inPlay);
}

/** T6.2–T6.4: losers collected, winners paid, then the result with roads and odds. */
export function onSettled(step: Step, input: Extract<TableInput, { type: 'settled' }>): void {
  const { phase, settings } = step.state;
  if (phase.kind !== 'settling') return;
  const { round, settled: stakes } = phase;
  const result = round.result!;
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = input.balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  const losers = stakes.filter((s) => s.result === 'lose');
  step.emit({
    type: 'settlement.collected',
    round: round.seq,
    losers: losers.map(({ seat, playerId, spot, stake }) => ({
      seat,
      playerId,
      spot,
      amount: stake,
    })),
    total: losers.reduce((sum, s) => sum + s.stake, 0),
  });
  const winners = stakes.filter((s) => s.result !== 'lose');
  step.emit({
    type: 'settlement.paid',
    round: round.seq,
    winners: winners.map(({ seat, playerId, spot, stake, result, returned, rule }) => ({
      seat,
      playerId,
      spot,
      stake,
      result: result as 'win' | 'push',
      returned,
      rule,
    })),
    // T9.9: a refunded stake the table never held belongs to a player found by seat, if seated.
    // The id is the table's own string, not the copy each Postgres row brings: the replay log
    // keeps some 18 rounds of these a table (docs/performance-log.md, "The heap the major GC marks").
    balances: [...input.balances].flatMap(([playerId, balance]) => {
      const staked = stakes.find((s) => s.playerId === playerId);
      const sat = staked ?? step.state.seats.find((s) => s.player.id === playerId);
      if (sat === undefined) return [];
      const id = 'player' in sat ? sat.player.id : sat.playerId;
      return [{ playerId: id, balance, seat: sat.seat }];
    }),
  });
  const before = step.state.shoe!;
  const shoe: ShoeSession = {
    ...before,
    state: round.shoeAfter!,
    results: [
      ...before.results,
      {
        outcome: result.outcome,
        playerPair: result.player.pair,
        bankerPair: result.banker.pair,
        playerTotal: result.player.total,
        bankerTotal: result.banker.total,
      },
    ],
  };
  step.update({ shoe });
  const cutCard = shoe.state.cutCard;
  const over = roundStatus(shoe.state) === 'finished';
  if (cutCard?.when === 'during-round' && before.state.cutCard === null) {
    // Announced only now: when it came out would tell whether a third card was drawn.
    step.emit({ type: 'shoe.cut-card', round: round.seq, when: cutCard.when, lastRound: over });
  }
  // T12.3: a self-paced table waits for round.next instead of a pause.
  const nextAt = settings.selfPaced ? null : step.now + settings.resultMs;
  step.emit({
    type: 'round.result',
    round: round.seq,
    shoeRound: round.shoeRound,
    outcome: result.outcome,
    player: handOf(result.player),
    banker: handOf(result.banker),
    trace: result.trace.map((t) => ({ ...t })),
    roads: roadsView(shoe),
    odds: over ? null : liveOdds(shoe, settings.rules as RuleSet),
    nextAt,
  });
  passShoeAfter(step, result.outcome);
  endShoeIfOver(step, { announce: true });
  step.update({ phase: { kind: 'result', round, nextAt } });
  // T11.7: a closing room's last round is settled: it closes now, not after the pause.
  if (step.state.room?.closing) return startNextRound(step);
  if (nextAt !== null) step.wakeAt(nextAt);
}

/** T12.3: a seated player asks a self-paced table for the next round once the result is out. */
export function nextRound(step: Step, playerId: string): void {
  const { phase, settings } = step.state;
  if (!settings.selfPaced) {
    return step.refuse('WRONG_PHASE', 'this table opens its rounds by itself');
  }
  if (!seatOf(step.state, playerId)) return step.refuse('NOT_SEATED', 'take a seat first');
  if (phase.kind !== 'result') {
    return step.refuse('WRONG_PHASE', `there is no result to move on from (${phase.kind})`);
  }
  step.succeed();
  startNextRound(step);
}

const handOf = (hand: Hand) => ({
  cards: [...hand.cards],
  total: hand.total,
  natural: hand.natural,
  pair: hand.pair,
});
