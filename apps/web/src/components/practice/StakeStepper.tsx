import { chips } from '../../lib/format';

/** T12.1: 10 chips a step, from the table minimum to the smaller of its maximum and your chips. */
export const STAKE_STEP = 1_000;

export function clampStake(stake: number, min: number, max: number): number {
  return Math.max(min, Math.floor(Math.min(max, stake) / STAKE_STEP) * STAKE_STEP);
}

export interface StakeStepperProps {
  stake: number;
  min: number;
  max: number;
  disabled: boolean;
  onChange(stake: number): void;
}

/** The stake: minus and plus, one step of 10 chips each, never past the table's limits. */
export function StakeStepper({ stake, min, max, disabled, onChange }: StakeStepperProps) {
  return (
    <div className="practice-stake" role="group" aria-labelledby="practice-stake-label">
      <span id="practice-stake-label" className="practice-stake__label">
        Stake
      </span>
      <button
        type="button"
        className="practice-stake__step"
        aria-label={`Lower the stake by ${chips(STAKE_STEP)}`}
        disabled={disabled || stake <= min}
        onClick={() => onChange(clampStake(stake - STAKE_STEP, min, max))}
      >
        −
      </button>
      <output className="practice-stake__value" data-testid="practice-stake" aria-live="polite">
        {chips(stake)}
      </output>
      <button
        type="button"
        className="practice-stake__step"
        aria-label={`Raise the stake by ${chips(STAKE_STEP)}`}
        disabled={disabled || stake >= max}
        onClick={() => onChange(clampStake(stake + STAKE_STEP, min, max))}
      >
        +
      </button>
      <span className="practice-stake__range">
        {chips(min)} to {chips(max)}
      </span>
    </div>
  );
}
