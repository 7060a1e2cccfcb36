import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AmountQuiz } from './AmountQuiz';
import { Beats } from './Beats';
import { Quiz } from './Quiz';

const choices = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta' },
];

describe('Quiz', () => {
  it('explains a wrong pick, then takes the right one once and locks', () => {
    const onSolved = vi.fn();
    render(
      <Quiz
        question="Which?"
        choices={choices}
        answer="b"
        explainWrong={(picked) => `not ${picked}`}
        explainRight="well done"
        onSolved={onSolved}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Not quite. Pick an answer first, then press Check.',
    );
    fireEvent.click(screen.getByLabelText('Alpha'));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('status').textContent).toBe('Not quite. not a');
    expect(onSolved).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Beta'));
    // Changing the pick clears the old verdict.
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('status').textContent).toBe('Right. well done');
    expect(onSolved).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Check' })).toBeNull();
    expect((screen.getByLabelText('Alpha') as HTMLInputElement).closest('fieldset')!.disabled).toBe(
      true,
    );
  });
});

describe('AmountQuiz', () => {
  it('reads chips exactly, refuses what is not an amount and hints at a slip', () => {
    const onSolved = vi.fn();
    const explainWrong = vi.fn((typed: number) => `typed ${typed}`);
    render(
      <AmountQuiz
        question="New balance?"
        label="Balance"
        answer={10950}
        explainWrong={explainWrong}
        explainRight="yes"
        onSolved={onSolved}
      />,
    );
    const box = screen.getByLabelText('Balance');
    const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    fireEvent.change(box, { target: { value: 'lots' } });
    check();
    expect(screen.getByRole('status').textContent).toContain('Type an amount of chips');
    fireEvent.change(box, { target: { value: '110' } });
    check();
    expect(explainWrong).toHaveBeenCalledWith(11000);
    expect(screen.getByRole('status').textContent).toBe('Not quite. 110 is not it. typed 11000');
    fireEvent.change(box, { target: { value: '109,5' } });
    check();
    expect(screen.getByRole('status').textContent).toBe('Right. yes');
    expect(onSolved).toHaveBeenCalledTimes(1);
  });
});

describe('Beats', () => {
  it('shows each part only once the one before is done, moves the focus to it, and finishes once', () => {
    const onComplete = vi.fn();
    render(
      <Beats
        onComplete={onComplete}
        beats={['one', 'two'].map((key) => ({
          key,
          render: (done) => (
            <button type="button" onClick={done}>
              finish {key}
            </button>
          ),
        }))}
      />,
    );
    expect(screen.queryByText('finish two')).toBeNull();
    act(() => screen.getByText('finish one').click());
    expect(document.activeElement).toBe(screen.getByTestId('beat-two'));
    act(() => screen.getByText('finish one').click());
    expect(onComplete).not.toHaveBeenCalled();
    act(() => screen.getByText('finish two').click());
    act(() => screen.getByText('finish two').click());
    expect(onComplete).toHaveBeenCalledTimes(1);
  });
});
