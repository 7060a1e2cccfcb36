import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LessonScreen } from './LessonScreen';
import { PROGRESS_KEY } from './progress';

const answer = (quiz: string, label: string) => {
  const form = screen.getByTestId(quiz);
  fireEvent.click(screen.getByLabelText(label));
  fireEvent.click(form.querySelector('button[type=submit]')!);
};

describe('LessonScreen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('marks a finished step done, keeps it in the browser, and restarts it on request', async () => {
    render(<LessonScreen />);
    expect(screen.getByTestId('lesson-count').textContent).toBe('0 of 8 steps done');
    answer('quiz-decide', 'Nothing: I only chose the result I expect');
    answer('quiz-results', 'Three: Player, Banker or Tie');
    await act(() => new Promise((r) => requestAnimationFrame(r)));
    expect(screen.getByTestId('lesson-count').textContent).toBe('1 of 8 steps done');
    expect(JSON.parse(localStorage.getItem(PROGRESS_KEY)!)).toEqual({ current: 0, done: [0] });
    expect(document.activeElement?.textContent).toBe('Next: Suits, ranks and values');

    fireEvent.click(screen.getByRole('button', { name: 'Next: Suits, ranks and values' }));
    expect(JSON.parse(localStorage.getItem(PROGRESS_KEY)!).current).toBe(1);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Suits, ranks and values');

    fireEvent.click(screen.getByTestId('lesson-step-1'));
    expect(screen.getByTestId('quiz-decide').getAttribute('data-solved')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restart this step' }));
    expect(screen.getByTestId('lesson-count').textContent).toBe('0 of 8 steps done');
  });

  it('opens where the browser left off', () => {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify({ current: 5, done: [0, 1, 2, 3, 4] }));
    render(<LessonScreen />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Settlement: what comes back',
    );
    expect(screen.getByTestId('lesson-count').textContent).toBe('5 of 8 steps done');
    expect(screen.getByTestId('lesson-step-6').getAttribute('aria-current')).toBe('step');
  });
});
