import { useSecondEdges } from '../hooks/use-second-edges';

export interface CountdownProps {
  /** Server time (epoch ms) when the window closes. */
  deadline: number;
  /** Server clock minus local clock. */
  clockOffset: number;
  /** What is counting down, e.g. "Bets close". */
  label: string;
  /** Server time of the last call, when there is one. */
  lastCallAt?: number;
  testId?: string;
}

/** Whole seconds left, rounded up so "1" shows until the very end. */
export function secondsLeft(deadline: number, serverNow: number): number {
  return Math.max(0, Math.ceil((deadline - serverNow) / 1000));
}

/**
 * A window's countdown on the server's clock. The bar empties as time runs out; past the last
 * call it turns to a warning. Screen readers get the label and seconds, not every tick.
 */
export function Countdown({ deadline, clockOffset, label, lastCallAt, testId }: CountdownProps) {
  // The server's instants on this page's clock: the digits change at whole seconds of the
  // first, the warning at the second.
  const localNow = useSecondEdges(
    deadline - clockOffset,
    lastCallAt === undefined ? undefined : lastCallAt - clockOffset,
  );
  const serverNow = localNow + clockOffset;
  const left = secondsLeft(deadline, serverNow);
  const lastCall = lastCallAt !== undefined && serverNow >= lastCallAt && left > 0;
  return (
    <div
      className={`countdown${lastCall ? ' countdown--last' : ''}${left === 0 ? ' countdown--over' : ''}`}
      data-testid={testId ?? 'countdown'}
      data-seconds={left}
      role="timer"
      aria-label={`${label}: ${left} seconds`}
    >
      <span className="countdown__label">{label}</span>
      <span className="countdown__seconds" aria-hidden="true">
        {left}s
      </span>
      {lastCall ? (
        <strong className="countdown__call" data-testid="last-call">
          Last call!
        </strong>
      ) : null}
    </div>
  );
}
