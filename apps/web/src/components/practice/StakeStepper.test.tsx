import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { clampStake, StakeStepper } from './StakeStepper';

function Stepper({ max }: { max: number }) {
  const [stake, setStake] = useState(1_000);
  return <StakeStepper stake={stake} min={1_000} max={max} disabled={false} onChange={setStake} />;
}

describe('the practice stake (T12.1: 10 to 500 chips)', () => {
  it('steps by 10 chips and stops at the table’s limits', () => {
    render(<Stepper max={50_000} />);
    const raise = screen.getByRole('button', { name: 'Raise the stake by 10' });
    const lower = screen.getByRole('button', { name: 'Lower the stake by 10' });
    expect((lower as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 60; i++) fireEvent.click(raise);
    expect(screen.getByTestId('practice-stake').textContent).toBe('500');
    expect((raise as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(lower);
    expect(screen.getByTestId('practice-stake').textContent).toBe('490');
  });

  it('never offers more than the chips you have, in whole steps', () => {
    expect(clampStake(50_000, 1_000, 4_550)).toBe(4_000);
    expect(clampStake(500, 1_000, 50_000)).toBe(1_000);
    expect(clampStake(2_999, 1_000, 50_000)).toBe(2_000);
  });
});
