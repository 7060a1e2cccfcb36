import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, secondsLeft } from './Countdown';

const T0 = 1_764_441_600_000;

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('rounds up, so the last second shows until the very end', () => {
    expect(secondsLeft(T0 + 1_000, T0)).toBe(1);
    expect(secondsLeft(T0 + 1_001, T0)).toBe(2);
    expect(secondsLeft(T0 + 1, T0)).toBe(1);
    expect(secondsLeft(T0, T0)).toBe(0);
    expect(secondsLeft(T0 - 5_000, T0)).toBe(0);
  });

  it('counts down on the server clock and warns at the last call', () => {
    // The server clock runs 2 s ahead of this one: 15 s left on its clock is 13 s here.
    render(
      <Countdown
        deadline={T0 + 15_000}
        lastCallAt={T0 + 10_000}
        clockOffset={2_000}
        label="Bets close in"
      />,
    );
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('data-seconds')).toBe('13');
    expect(timer.getAttribute('aria-label')).toBe('Bets close in: 13 seconds');
    expect(screen.queryByTestId('last-call')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(7_000);
    });
    expect(timer.getAttribute('data-seconds')).toBe('6');
    expect(screen.queryByTestId('last-call')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(timer.getAttribute('data-seconds')).toBe('5');
    expect(screen.getByTestId('last-call').textContent).toBe('Last call!');

    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(timer.getAttribute('data-seconds')).toBe('0');
    expect(screen.queryByTestId('last-call')).toBeNull();
  });

  it('wakes its page only when what it shows changes: each second and the last call', () => {
    let renders = 0;
    render(
      <Profiler id="countdown" onRender={() => (renders += 1)}>
        <Countdown
          deadline={T0 + 5_500}
          lastCallAt={T0 + 2_250}
          clockOffset={0}
          label="Bets close in"
        />
      </Profiler>,
    );
    const timer = screen.getByRole('timer');
    const seen: string[] = [];
    for (let ms = 0; ms < 6_000; ms += 50) {
      act(() => {
        vi.advanceTimersByTime(50);
      });
      const shown = `${timer.getAttribute('data-seconds')}${screen.queryByTestId('last-call') ? '!' : ''}`;
      if (seen.at(-1) !== shown) seen.push(shown);
    }
    // 6 → 0 a second at a time, the warning from 2.25 s on, and nothing once the time is up.
    expect(seen).toEqual(['6', '5', '4', '4!', '3!', '2!', '1!', '0']);
    // The first render, then one per change shown: six new digits and the warning.
    expect(renders).toBe(1 + 7);
  });

  it('starts again from a new deadline', () => {
    const { rerender } = render(
      <Countdown deadline={T0 + 3_000} clockOffset={0} label="Deal within" />,
    );
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(screen.getByRole('timer').getAttribute('data-seconds')).toBe('0');
    rerender(<Countdown deadline={T0 + 8_000} clockOffset={0} label="Deal within" />);
    expect(screen.getByRole('timer').getAttribute('data-seconds')).toBe('5');
  });
});
