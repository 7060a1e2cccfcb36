/**
 * B4, B5: the one place that reads the wire's Baccara Banque view and turns it into what the
 * screen draws. It decides nothing the server has not said: amounts, outcomes and nets are the
 * view's own; only who "you" are is this page's.
 */
import type {
  BaccaraBanqueSettings,
  BaccaraBanqueView,
  BanqueCards,
  BanqueCoupView,
  BanqueStep as WireStep,
} from '@banco/protocol';
import { baccaraBanque } from '@banco/rules';
import {
  TABLEAUX,
  type BankerValues,
  type BanqueCoup,
  type BanqueModel,
  type BanqueStage,
  type BanqueStake,
  type BanqueStep,
  type OptionValue,
  type OwnCards,
  type Tableau,
} from './model';

export interface Viewer {
  seat: number | null;
  playerId: string;
}

const SETTLED = new Set<BanqueCoupView['phase']>(['settled', 'not-dealt']);

/** What each call offers while the stakes are open, as the rules count it (R22.4). */
function offeredStakes(coup: BanqueCoupView): BanqueStake[] {
  const stakes: BanqueStake[] = [];
  for (const { seat, call } of coup.calls) {
    switch (call.kind) {
      case 'stake':
        stakes.push({ seat, on: call.on, amount: call.amount, banco: false });
        break;
      case 'banco':
        if (call.on === 'halves') {
          const half = Math.ceil(coup.bank / 2);
          stakes.push({ seat, on: 'right', amount: half, banco: true });
          stakes.push({ seat, on: 'left', amount: coup.bank - half, banco: true });
        } else stakes.push({ seat, on: call.on, amount: coup.bank, banco: true });
        break;
      case 'banco-shared': {
        const on = seat === null ? null : baccaraBanque.sideOf(seat);
        if (on) stakes.push({ seat, on, amount: Math.ceil(coup.bank / 2), banco: true });
        break;
      }
      case 'none':
        break;
    }
  }
  return stakes;
}

function stakesOf(coup: BanqueCoupView): BanqueStake[] {
  if (!coup.cover) return offeredStakes(coup);
  const banco = coup.cover.kind !== 'stakes';
  return coup.cover.stakes.map((s) => ({ seat: s.seat, on: s.on, amount: s.amount, banco }));
}

const BY = { table: 'rule', choice: 'choice', rule: 'timeout' } as const;

function stepsOf(coup: BanqueCoupView): BanqueStep[] {
  const steps: BanqueStep[] = [];
  const paid = new Set<string>();
  for (const step of coup.story as WireStep[]) {
    switch (step.kind) {
      case 'covered': {
        const banco = step.cover.kind !== 'stakes';
        for (const s of step.cover.stakes) {
          steps.push({ kind: 'stake', stake: { seat: s.seat, on: s.on, amount: s.amount, banco } });
        }
        for (const r of step.cover.returned) {
          steps.push({ kind: 'returned', seat: r.seat, amount: r.amount });
        }
        break;
      }
      case 'dealt':
        steps.push({ kind: 'dealt' });
        break;
      case 'natural':
        if (step.paid) paid.add(step.hand);
        steps.push({ kind: 'natural', hand: step.hand, total: step.total, paid: step.paid });
        break;
      case 'draw':
      case 'stand':
        steps.push({
          kind: step.kind,
          hand: step.hand,
          total: step.total,
          ...(step.card === undefined ? {} : { card: step.card }),
          by: BY[step.by],
        });
        break;
      case 'result':
        for (const tableau of TABLEAUX) {
          // A lone natural was told as it was paid.
          if (paid.has(tableau)) continue;
          steps.push({
            kind: 'result',
            tableau,
            outcome: step.outcomes[tableau],
            tableauTotal: step.totals[tableau],
            bankerTotal: step.totals.banker,
          });
        }
        break;
    }
  }
  const settlement = coup.settlement;
  if (settlement) {
    for (const p of settlement.payouts) {
      if (p.unpaid > 0) steps.push({ kind: 'unpaid', seat: p.seat, amount: p.unpaid });
    }
    if (settlement.cagnotte > 0) steps.push({ kind: 'cagnotte', amount: settlement.cagnotte });
  }
  return steps;
}

/** What each seat came out with on a settled coup: what came back less what it staked. */
function netsOf(coup: BanqueCoupView): Record<number, number> | null {
  const settlement = coup.settlement;
  if (!settlement) return null;
  const nets: Record<number, number> = {};
  for (const p of settlement.payouts) {
    if (p.seat === null) continue;
    nets[p.seat] = (nets[p.seat] ?? 0) + p.back - p.amount;
  }
  nets[coup.banker] = (nets[coup.banker] ?? 0) + settlement.bankerGross - settlement.cagnotte;
  return nets;
}

function coupOf(coup: BanqueCoupView): BanqueCoup {
  const outcomes = coup.settlement?.outcomes;
  // R23.2: a lone natural is settled (won) before the other tableau plays on.
  const early = (t: Tableau) =>
    coup.story.some((s) => s.kind === 'natural' && s.paid && s.hand === t) ? 'tableau' : null;
  return {
    coup: coup.coup,
    bank: coup.bank,
    cards: coup.cards,
    stakes: stakesOf(coup),
    story: stepsOf(coup),
    results: {
      right: outcomes?.right ?? early('right'),
      left: outcomes?.left ?? early('left'),
    },
    bankerNet: coup.settlement ? coup.settlement.bankerGross - coup.settlement.cagnotte : null,
    cagnotte: coup.settlement?.cagnotte ?? 0,
    nets: netsOf(coup),
  };
}

function stageOf(
  view: BaccaraBanqueView,
  settings: BaccaraBanqueSettings,
  you: Viewer,
): BanqueStage {
  const limits = { min: settings.bank.min, max: settings.bank.max };
  const coup = view.coup;
  if (coup && !SETTLED.has(coup.phase)) {
    if (coup.phase === 'staking') {
      const called = coup.calls.some((c) => c.player === you.playerId);
      const punter = you.seat !== null && coup.punters.includes(you.seat);
      if (you.seat !== null || !settings.watchersMayCover) {
        return { kind: 'staking', mayCall: !called && punter, closesAt: coup.stakesCloseAt };
      }
      // R22.6: a watcher calls in the watchers' turn, once every seated punter has called.
      if (!coup.watchersTurn) {
        return {
          kind: 'staking',
          mayCall: false,
          closesAt: coup.stakesCloseAt,
          watcher: { turn: false },
        };
      }
      const { onTableau } = baccaraBanque.resolveStakes(
        coup.bank,
        coup.banker,
        coup.calls,
        coup.punters,
      );
      return {
        kind: 'staking',
        mayCall: !called,
        closesAt: coup.stakesCloseAt,
        watcher: {
          turn: true,
          open: {
            right: Math.max(0, coup.bank - onTableau.right),
            left: Math.max(0, coup.bank - onTableau.left),
          },
        },
      };
    }
    const pending = coup.pending;
    if (pending?.hand === 'banker') return { kind: 'banker-choice', deadline: pending.deadline };
    if (pending && pending.seat !== null) {
      return {
        kind: 'holder-choice',
        tableau: pending.hand,
        seat: pending.seat,
        deadline: pending.deadline,
      };
    }
    return { kind: 'playing' };
  }
  const stage = view.stage;
  switch (stage.stage) {
    case 'auction':
      return { kind: 'auction', bids: stage.bids, closesAt: stage.closesAt, ...limits };
    case 'offer':
      return { kind: 'offer', how: stage.kind, seat: stage.seat, closesAt: stage.until, ...limits };
    case 'held':
      return { kind: 'between', mayRetire: view.tenure?.mayRetire ?? false };
    case 'dry':
      return { kind: 'bank-dry', deadline: stage.until, ...limits };
    case 'none':
      return { kind: 'no-bank', why: stage.why };
  }
}

/** The screen's model of the table, from the view and the room's settings. */
export function banqueModel(
  view: BaccaraBanqueView,
  settings: BaccaraBanqueSettings,
  seatCount: number,
  you: Viewer,
): BanqueModel {
  const shown = view.coup ?? view.last;
  const tenure = view.tenure;
  const seats = Array.from(
    { length: Math.min(seatCount, baccaraBanque.BACCARA_BANQUE_SEATS) },
    (_, i) => i + 1,
  );
  const holders = view.coup && !SETTLED.has(view.coup.phase) ? view.coup.holders : view.holders;
  const side = (tableau: Tableau) => ({
    tableau,
    seats: seats.filter((s) => baccaraBanque.sideOf(s) === tableau),
    holder: holders[tableau],
  });
  return {
    banker: tenure?.banker ?? view.coup?.banker ?? null,
    bank: tenure
      ? { now: tenure.bank, start: tenure.putUp, cagnotte: view.cagnotte, coups: tenure.coups }
      : null,
    sides: { right: side('right'), left: side('left') },
    stage: stageOf(view, settings, you),
    coup: shown ? coupOf(shown) : null,
    live: view.coup !== null && !SETTLED.has(view.coup.phase),
    previous: view.coup?.phase === 'staking' && view.last ? coupOf(view.last) : null,
    house: {
      cagnottePercent: settings.cagnotteBp / 100,
      decks: settings.decks,
      watchersCover: settings.watchersMayCover,
    },
  };
}

/** This player's own face-down cards of the coup on the table, if he holds a hand of it. */
export function ownCardsOf(cards: BanqueCards | null, view: BaccaraBanqueView): OwnCards | null {
  const coup = view.coup ?? view.last;
  return cards && coup && cards.coup === coup.coup
    ? { coup: cards.coup, hand: cards.hand, cards: cards.cards }
    : null;
}

const minor = (decimal: string): number => Number(decimal);

function optionOf(v: NonNullable<BanqueCards['window']>['draw']): OptionValue {
  return {
    right: v.right ? minor(v.right.expected.decimal) : 0,
    left: v.left ? minor(v.left.expected.decimal) : 0,
    cheval: minor(v.cheval.decimal),
    total: minor(v.total.decimal),
  };
}

/** B5.3: the banker's window, while he is the one choosing on the coup in play. */
export function bankerValuesOf(
  cards: BanqueCards | null,
  view: BaccaraBanqueView,
): BankerValues | null {
  const window = cards?.window;
  if (!cards || !window || cards.hand !== 'banker' || !cards.choosing) return null;
  if (view.coup?.coup !== cards.coup || view.coup.pending?.hand !== 'banker') return null;
  return {
    coup: cards.coup,
    draw: optionOf(window.draw),
    stand: optionOf(window.stand),
    rule: window.best,
  };
}
