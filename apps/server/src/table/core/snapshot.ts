import { cheminView } from '../games/chemin-de-fer/chemin-view.js';
import type { PhaseView, TableSnapshot } from '@banco/protocol';
import type { Phase, RoundState, TableState } from './state.js';
import { roomView } from './room-life.js';
import { layoutOf, liveOdds, roadsView, shoeView } from './views.js';
import type { RuleSet } from '@banco/rules';

function roundOf(phase: Phase): RoundState | null {
  return 'round' in phase ? phase.round : null;
}

function phaseView(phase: Phase, holder: number | null): PhaseView {
  switch (phase.kind) {
    // C4.1: a Chemin de Fer table's coup is in `cheminDeFer`.
    case 'chemin':
    case 'waiting':
    case 'shuffling':
    case 'opening':
      return { kind: 'waiting' };
    case 'seeding':
      return {
        kind: 'seeding',
        shoeId: phase.shoe.id,
        number: phase.shoe.number,
        commitment: phase.shoe.commitment,
        deadline: phase.deadline,
        contributions: phase.contributions.map((c) => c.seed),
      };
    case 'betting':
      return {
        kind: 'betting',
        round: phase.round.seq,
        closesAt: phase.closesAt,
        lastBetsAt: phase.lastBetsAt,
      };
    case 'dealing':
      // T2.4: the holder may deal until the deadline; round.dealer is only set once cards are out.
      return { kind: 'dealing', round: phase.round.seq, dealer: holder, deadline: phase.deadline };
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
    default: {
      const unknown: never = phase;
      throw new TypeError(`unknown phase ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * P1.3: the table as one player may see it. Built only from what has been broadcast: faces of
 * turned cards, never the round's later cards, never the server seed of a shoe in play.
 */
export function snapshotOf(
  state: TableState,
  viewer: { playerId: string; spectators: number; now: number },
): TableSnapshot {
  const round = roundOf(state.phase);
  const layout = round && round.result ? layoutOf(round) : { player: [], banker: [] };
  const onTable =
    round && state.phase.kind !== 'result' ? layout.player.length + layout.banker.length : 0;
  const mine = state.seats.find((s) => s.player.id === viewer.playerId);
  const shoe = state.shoe;
  return {
    tableId: state.tableId,
    name: state.name,
    version: state.version,
    serverTime: viewer.now,
    settings: state.settings,
    seats: state.seats.map((s) => ({
      seat: s.seat,
      player: s.player,
      balance: s.balance,
      awayUntil: s.awayUntil ?? null,
      betting: !round
        ? 'open'
        : round.bets.some((b) => b.playerId === s.player.id)
          ? 'confirmed'
          : round.noBet.includes(s.seat)
            ? 'no-bet'
            : 'open',
    })),
    spectators: viewer.spectators,
    shoe: shoe ? shoeView(shoe, state.settings.decks, onTable) : null,
    holder: state.holder,
    houseDeals: state.houseDeals,
    offer: state.offer ? { seat: state.offer.seat, from: state.offer.from } : null,
    phase: phaseView(state.phase, state.holder),
    round: round
      ? {
          seq: round.seq,
          shoeRound: round.shoeRound,
          bets: round.bets.flatMap((b) =>
            b.bets.map(({ spot, amount }) => ({ seat: b.seat, spot, amount })),
          ),
          layout,
        }
      : null,
    roads: roadsView(shoe),
    odds:
      shoe && state.phase.kind !== 'turning' && !state.chemin
        ? liveOdds(shoe, state.settings.rules as RuleSet)
        : null,
    you: { playerId: viewer.playerId, seat: mine?.seat ?? null },
    room: roomView(state.room),
    chat: [...state.chat.messages],
    // The actor adds how the last round ended (P1.8): it follows the broadcasts, not the state.
    lastRound: null,
    // C4.1: the bank and the coup of a Chemin de Fer table, as everyone may see them.
    ...(state.chemin ? { cheminDeFer: cheminView(state) } : {}),
  };
}
