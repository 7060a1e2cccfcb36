import type { PhaseView, Stake, TableSnapshot } from '@banco/protocol';
import type { RuleSet } from '@banco/rules';
import type { GameView } from '../../core/game.js';
import type { SeatState, TableState } from '../../core/state.js';
import { liveOdds } from './odds.js';
import { layoutOf } from './layout.js';
import { puntoOf, type RoundState } from './state.js';

const roundOf = (state: TableState): RoundState | null =>
  'round' in state.phase ? state.phase.round : null;

/** P1.3: the phase of the round in play as players see it. */
export function phaseView(state: TableState): PhaseView {
  const { phase } = state;
  switch (phase.kind) {
    case 'opening':
      return { kind: 'waiting' };
    case 'betting':
      return {
        kind: 'betting',
        round: phase.round.seq,
        closesAt: phase.closesAt,
        lastBetsAt: phase.lastBetsAt,
      };
    case 'dealing':
      // T2.4: the holder may deal until the deadline; round.dealer is only set once cards are out.
      return {
        kind: 'dealing',
        round: phase.round.seq,
        dealer: puntoOf(state).holder,
        deadline: phase.deadline,
      };
    case 'turning': {
      const step = phase.round.steps[phase.round.revealed]!;
      return {
        kind: 'turning',
        round: phase.round.seq,
        hand: step.hand,
        stage: step.stage,
        turner: phase.turner,
        deadline: phase.deadline,
      };
    }
    case 'settling':
      return { kind: 'settling', round: phase.round.seq };
    case 'result':
      return { kind: 'result', round: phase.round.seq, nextAt: phase.nextAt };
    default:
      throw new TypeError(`not a Punto Banco phase: ${phase.kind}`);
  }
}

/** P1.3: the shoe's holder, the round's bets and its layout as turned so far, the live odds. */
export function puntoView(state: TableState): GameView {
  const round = roundOf(state);
  const { holder, houseDeals, offer } = puntoOf(state);
  const shoe = state.shoe;
  return {
    holder,
    houseDeals,
    offer: offer ? { seat: offer.seat, from: offer.from } : null,
    round: round
      ? {
          seq: round.seq,
          shoeRound: round.shoeRound,
          bets: round.bets.flatMap((b) =>
            b.bets.map(({ spot, amount }) => ({ seat: b.seat, spot, amount })),
          ),
          layout: layoutOf(round),
        }
      : null,
    odds:
      shoe && state.phase.kind !== 'turning'
        ? liveOdds(shoe, state.settings.rules as RuleSet)
        : null,
  };
}

export function seatBetting(
  state: TableState,
  seat: SeatState,
): TableSnapshot['seats'][number]['betting'] {
  const round = roundOf(state);
  if (!round) return 'open';
  if (round.bets.some((b) => b.playerId === seat.player.id)) return 'confirmed';
  return round.noBet.includes(seat.seat) ? 'no-bet' : 'open';
}

/** The round's cards on the layout: the shoe itself only moves on when the round settles. */
export function cardsOnTable(state: TableState): number {
  const round = roundOf(state);
  if (!round || state.phase.kind === 'result') return 0;
  const layout = layoutOf(round);
  return layout.player.length + layout.banker.length;
}

export function stakesOf(state: TableState, playerId: string): readonly Stake[] {
  const bets = roundOf(state)?.bets.find((b) => b.playerId === playerId)?.bets ?? [];
  return bets.map(({ spot, amount }) => ({ spot, amount }));
}
