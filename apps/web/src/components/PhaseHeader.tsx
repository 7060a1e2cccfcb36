import { waitingFor } from '../lib/words';
import { undecided } from '../store/derive';
import type { TableState } from '../store/table-state';
import { Countdown } from './Countdown';

type Name = (seat: number | null) => string;

/** One line saying what the table is doing now, from this player's point of view. */
export function phaseLine(state: TableState, name: Name): string {
  const phase = state.phase;
  const you = state.you.seat;
  switch (phase.kind) {
    case 'waiting':
      return 'Waiting for a player to sit down.';
    case 'seeding':
      return `A new shoe is being prepared (shoe ${phase.number}).`;
    case 'betting':
      return state.lastCall ? 'Last call: bets close in a moment.' : 'Place your bets.';
    case 'closed':
      return 'No more bets.';
    case 'dealing':
      if (phase.dealer === null) return 'The house deals.';
      return phase.dealer === you
        ? 'Your deal: press Deal.'
        : `${name(phase.dealer)} deals from the shoe.`;
    case 'turning':
      if (phase.turner === null && state.settings?.cardTurning === false) {
        return `${phase.hand === 'player' ? 'Player' : 'Banker'}’s ${phase.stage === 'third' ? 'third card turns' : 'cards turn'} over by themselves.`;
      }
      return `${phase.turner === null ? 'The house' : phase.turner === you ? 'You' : name(phase.turner)} turn${phase.turner === you && you !== null ? '' : 's'} ${phase.hand === 'player' ? 'Player' : 'Banker'}’s ${phase.stage === 'third' ? 'third card' : 'cards'}.`;
    case 'settling':
      return 'Losing bets go to the bank, then winners are paid.';
    case 'result':
      return 'Round over.';
    default: {
      const unknown: never = phase;
      return String(unknown);
    }
  }
}

interface Clock {
  deadline: number;
  label: string;
  testId: string;
  lastCallAt?: number;
}

/** The deadline the current phase runs to, and what happens when it passes. */
function phaseClock(state: TableState): Clock | null {
  const phase = state.phase;
  switch (phase.kind) {
    case 'betting':
      // Untimed betting has no countdown: it closes when everyone has decided.
      if (phase.closesAt === null) return null;
      return {
        deadline: phase.closesAt,
        lastCallAt: phase.lastBetsAt ?? undefined,
        label: 'Bets close in',
        testId: 'countdown',
      };
    case 'dealing':
      return {
        deadline: phase.deadline,
        label: phase.dealer === null ? 'Dealing' : 'The house deals in',
        testId: 'deal-countdown',
      };
    case 'turning':
      return {
        deadline: phase.deadline,
        label: 'Cards turn by themselves in',
        testId: 'turn-countdown',
      };
    case 'result':
      // A self-paced table waits for the player's "New round" (P12.2): no clock to show.
      if (phase.nextAt === null) return null;
      return { deadline: phase.nextAt, label: 'Next round in', testId: 'next-countdown' };
    case 'seeding':
      return { deadline: phase.deadline, label: 'Shuffling in', testId: 'seed-countdown' };
    default:
      return null;
  }
}

export function PhaseHeader({
  state,
  name,
  bannerShown = false,
  part = 'all',
}: {
  state: TableState;
  name: Name;
  /** The result banner is up: the phase line would only repeat that the round is over. */
  bannerShown?: boolean;
  /**
   * The words go where the felt keeps room for them (above the oval on a desktop, where no seat
   * is); the clock stays in the middle of the felt.
   */
  part?: 'all' | 'words' | 'clock';
}) {
  // A paused room opens no next round: a countdown to one would promise what will not come.
  const paused =
    state.room?.paused === true &&
    (state.phase.kind === 'result' || state.phase.kind === 'waiting');
  const clock = paused || part === 'words' ? null : phaseClock(state);
  const words = part !== 'clock';
  return (
    <>
      {!words || (bannerShown && state.phase.kind === 'result') ? null : (
        <p className="felt__phase" data-testid="phase">
          {phaseLine(state, name)}
        </p>
      )}
      {words && paused ? (
        <p className="untimed" data-testid="paused-line">
          The host has paused the game. Play goes on when they resume.
        </p>
      ) : null}
      {words && state.phase.kind === 'betting' && state.phase.closesAt === null ? (
        <p className="untimed" data-testid="untimed">
          {waitingFor(undecided(state))}
        </p>
      ) : null}
      {clock ? (
        <Countdown
          key={clock.testId}
          deadline={clock.deadline}
          lastCallAt={clock.lastCallAt}
          clockOffset={state.clockOffset}
          label={clock.label}
          testId={clock.testId}
        />
      ) : null}
    </>
  );
}
