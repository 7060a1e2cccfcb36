import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ROOM, type RoomForm } from '../../rooms/room-form';
import { RoomSettingsForm, type EdgesFor, type SubmitAnswer } from './RoomSettingsForm';

/** A fixture of edges: each rule set's Banker edge differs so the test can tell them apart. */
const edgesFor: EdgesFor = (decks, commission, tiePays) => ({
  player: 0.0124 + decks / 10_000,
  banker: { standard: 0.0106, 'no-commission': 0.0146, 'even-money': -0.0124 }[commission],
  tie: tiePays === 8 ? 0.1436 : 0.0484,
});

function form(answer: SubmitAnswer = { ok: true }) {
  const onSubmit = vi.fn(async (_form: RoomForm) => answer);
  render(
    <RoomSettingsForm initial={DEFAULT_ROOM} mode="open" edgesFor={edgesFor} onSubmit={onSubmit} />,
  );
  return onSubmit;
}

describe('RoomSettingsForm', () => {
  it('shows every rule set with its house edges for the chosen deck count', () => {
    form();
    const rules = screen.getByTestId('rule-sets');
    expect(within(rules).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByTestId('edges-standard').textContent).toBe(
      'House edge: Banker 1.06% · Player 1.32%',
    );
    expect(screen.getByTestId('edges-even-money').textContent).toMatch(
      /Banker −1.24% \(in your favour\)/,
    );
    fireEvent.change(screen.getByLabelText('Decks in the shoe'), { target: { value: '1' } });
    expect(screen.getByTestId('edges-standard').textContent).toMatch(/Player 1.25%/);
    expect(screen.getByTestId('edge-tie').textContent).toMatch(/14.36%/);
    fireEvent.click(screen.getByRole('radio', { name: '9 to 1' }));
    expect(screen.getByTestId('edge-tie').textContent).toMatch(/4.84%/);
  });

  it('sends what the host chose: 6 decks, no commission, a 10 s window', async () => {
    const onSubmit = form();
    fireEvent.change(screen.getByLabelText('Room name'), { target: { value: 'Friday' } });
    fireEvent.change(screen.getByLabelText('Decks in the shoe'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('radio', { name: /No commission/ }));
    fireEvent.change(screen.getByLabelText('Seconds to bet'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Friday',
      decks: 6,
      commission: 'no-commission',
      bettingSeconds: 10,
    });
  });

  it('untimed betting hides the seconds and promises a close-bets button', () => {
    form();
    fireEvent.click(screen.getByRole('checkbox', { name: /Untimed/ }));
    expect(screen.queryByLabelText('Seconds to bet')).toBeNull();
    expect(screen.getByText(/Close bets now/)).toBeTruthy();
  });

  it('shows a refused setting beside its field, marks it invalid and focuses it', async () => {
    form({ ok: false, message: 'the Tie maximum is below the minimum', field: 'limits.tie.max' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    const error = await screen.findByTestId('error-tieMax');
    expect(error.textContent).toBe('the Tie maximum is below the minimum');
    const input = screen.getByLabelText('Largest Tie bet');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.queryByTestId('error-maxBet')).toBeNull();
  });

  it('a refusal that names no field is said once, under the form', async () => {
    form({ ok: false, message: 'You have too many rooms open.' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    expect((await screen.findByTestId('room-form-error')).textContent).toBe(
      'You have too many rooms open.',
    );
  });

  it('C1.2 Chemin de Fer: six decks, the bank, the cagnotte and the choice window in plain words', async () => {
    const onSubmit = form();
    fireEvent.change(screen.getByLabelText('Room name'), { target: { value: 'Chemin' } });
    fireEvent.click(screen.getByRole('radio', { name: /Chemin de Fer/ }));
    expect((screen.getByLabelText('Decks in the shoe') as HTMLSelectElement).value).toBe('6');
    expect(screen.queryByTestId('rule-sets')).toBeNull();
    expect(screen.queryByLabelText('Seconds to bet')).toBeNull();
    fireEvent.change(screen.getByLabelText('Largest bank'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText(/cagnotte/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Seconds to choose'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Seconds to post or cover a bank'), {
      target: { value: '45' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      kind: 'chemin-de-fer',
      decks: 6,
      bettingSeconds: 45,
      chemin: { bankMax: 500, cagnottePercent: 2, choiceSeconds: 12 },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Play by the rule/ }));
    expect(screen.queryByLabelText('Seconds to choose')).toBeNull();
  });

  it('C1.2 a refused bank maximum is shown beside its input', async () => {
    form({
      ok: false,
      message: 'the maximum bank is below the minimum',
      field: 'cheminDeFer.bank.max',
    });
    fireEvent.click(screen.getByRole('radio', { name: /Chemin de Fer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    expect((await screen.findByTestId('error-bankMax')).textContent).toMatch(/below the minimum/);
  });
});

describe('RoomSettingsForm: the evening (P8.7–P8.9)', () => {
  it('asks who may sit, which chips and where the night ends, and sends what was chosen', async () => {
    const onSubmit = form();
    fireEvent.change(screen.getByLabelText('Room name'), { target: { value: 'Friday' } });
    expect(screen.queryByLabelText('Starting stack, in chips')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /I approve each player/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Room chips/ }));
    fireEvent.change(screen.getByLabelText('Starting stack, in chips'), {
      target: { value: '5000' },
    });
    fireEvent.change(screen.getByLabelText('Top-ups per player tonight'), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText('Sit a player out after'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Finish line'), { target: { value: 'rounds' } });
    fireEvent.change(screen.getByLabelText('Rounds tonight'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].evening).toEqual({
      seating: 'host-approves',
      chips: 'room',
      startingStack: 5_000,
      autoTopUp: false,
      topUpsPerNight: 1,
      autoSitOutRounds: 3,
      finish: 'rounds',
      finishCount: 12,
      finishAt: null,
    });
  });

  it('a refused starting stack is shown beside its input', async () => {
    form({
      ok: false,
      message: 'limits are whole chips',
      field: 'evening.roomChips.startingStack',
    });
    fireEvent.click(screen.getByRole('radio', { name: /Room chips/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    expect((await screen.findByTestId('error-startingStack')).textContent).toBe(
      'limits are whole chips',
    );
  });
});
