import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mainTableSettings } from '../testing/table-settings';
import { BetPanel, edgeWords, type Answer, type BetPanelProps } from './BetPanel';

const settings = mainTableSettings;

function panel(overrides: Partial<BetPanelProps> = {}) {
  const onConfirm = vi.fn(async (): Promise<Answer> => ({ ok: true }));
  const onNoBet = vi.fn(async (): Promise<Answer> => ({ ok: true }));
  render(
    <BetPanel
      settings={settings}
      open
      available={100_000}
      committed={[]}
      lastBets={[{ spot: 'player', amount: 2_500 }]}
      onConfirm={onConfirm}
      onNoBet={onNoBet}
      {...overrides}
    />,
  );
  return { onConfirm, onNoBet };
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** A spot's button is named by what it shows: "Banker pays 0.95 to 1". */
const bet = (spot: string) =>
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${spot} pays`) }));
const chip = (value: string) => fireEvent.click(screen.getByRole('radio', { name: value }));
const drafted = (spot: string) => screen.queryByTestId(`draft-${spot}`)?.textContent ?? null;

describe('BetPanel', () => {
  it('offers a chip tray built from the table limits', () => {
    panel();
    const tray = screen.getByRole('radiogroup', { name: 'Chip value' });
    expect(
      within(tray)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1000', '2500', '5000', '10000', '50000']);
  });

  it('builds a draft, then undo, clear, rebet and double change it', () => {
    panel();
    chip('25');
    bet('Banker');
    bet('Banker');
    expect(drafted('banker')).toBe('50');
    expect(screen.getByTestId('balance-available').textContent).toBe('950');
    click('Undo');
    expect(drafted('banker')).toBe('25');
    click('Double');
    expect(drafted('banker')).toBe('50');
    click('Clear');
    expect(drafted('banker')).toBeNull();
    click('Rebet');
    expect(drafted('player')).toBe('25');
    expect(drafted('banker')).toBeNull();
  });

  it('the next round’s panel starts with an empty draft but the chip the player picked (T3.1)', () => {
    let kept: number | null = null;
    const props = {
      settings,
      open: true,
      available: 100_000,
      committed: [],
      lastBets: [],
      onConfirm: async (): Promise<Answer> => ({ ok: true }),
      onNoBet: async (): Promise<Answer> => ({ ok: true }),
      onChooseChip: (value: number) => (kept = value),
    };
    const { rerender } = render(<BetPanel key={1} {...props} chosenChip={kept} />);
    chip('25');
    bet('Banker');
    expect(kept).toBe(2_500);
    // A new round: the table screen mounts a fresh panel (key) and hands back the chip.
    rerender(<BetPanel key={2} {...props} chosenChip={kept} />);
    expect(drafted('banker')).toBeNull();
    expect(screen.getByRole('radio', { name: '25' })).toHaveProperty('checked', true);
    bet('Banker');
    expect(drafted('banker')).toBe('25');
    // A chip the tray no longer offers (the host changed the limits) falls back to the smallest.
    rerender(<BetPanel key={3} {...props} chosenChip={123_400} />);
    expect(screen.getByRole('radio', { name: '10' })).toHaveProperty('checked', true);
  });

  it('shows a refusal beside the spot in plain words and keeps the draft', () => {
    panel();
    chip('100');
    bet('Tie');
    bet('Tie');
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-code')).toBe('OVER_MAX');
    expect(alert.textContent).toBe('Above the table maximum for this spot. (100 at most)');
    expect(alert.closest('.spot--tie')).not.toBeNull();
    expect(drafted('tie')).toBe('100');
  });

  it('refuses more than the balance', () => {
    panel({ available: 3_000 });
    chip('25');
    bet('Player');
    bet('Player');
    expect(screen.getByRole('alert').getAttribute('data-code')).toBe('INSUFFICIENT_BALANCE');
    expect(drafted('player')).toBe('25');
  });

  it('sends the whole draft on Confirm and clears it once the table accepts', async () => {
    const { onConfirm } = panel();
    chip('10');
    bet('Player');
    bet('Tie');
    click('Confirm bets');
    expect(onConfirm).toHaveBeenCalledWith([
      { spot: 'player', amount: 1_000 },
      { spot: 'tie', amount: 1_000 },
    ]);
    await screen.findByRole('button', { name: 'Confirm bets' });
    await vi.waitFor(() => expect(drafted('player')).toBeNull());
  });

  it('shows the server’s refusal next to the spot the refusal names (P2.6)', async () => {
    panel({
      onConfirm: async () => ({
        ok: false,
        code: 'UNDER_MIN',
        // The words are for people: the spot comes from the ack's `spot`, never from them.
        message: 'tie: the minimum is 10 chips',
        spot: 'banker',
      }),
    });
    bet('Banker');
    click('Confirm bets');
    const alert = await screen.findByRole('alert');
    expect(alert.closest('.spot--banker')).not.toBeNull();
    expect(alert.textContent).toBe('Below the table minimum for this spot. (10 at least)');
    expect(drafted('banker')).toBe('10');
  });

  it('an edge in the bettor’s favour comes with a word of why, beside the spots', () => {
    panel({ edges: { player: 0.0124, banker: 0.0106, tie: -0.2 } });
    expect(screen.getByTestId('bets-swing').textContent).toMatch(
      /the cards left in this shoe, and only for now/,
    );
  });

  it('no word of a swing when every edge is the house’s', () => {
    panel({ edges: { player: 0.0124, banker: 0.0106, tie: 0.1436 } });
    expect(screen.queryByTestId('bets-swing')).toBeNull();
  });

  it('shows committed stakes apart from the draft, and locks the layout once closed', () => {
    panel({ open: false, committed: [{ spot: 'banker', amount: 5_000 }], available: 95_000 });
    expect(screen.getByTestId('committed-banker').textContent).toBe('50 confirmed');
    expect(screen.getByTestId('balance-committed').textContent).toBe('50');
    expect(screen.getByTestId('balance-available').textContent).toBe('950');
    for (const name of [/^Banker pays/, 'Confirm bets', 'No bet this round', 'Rebet']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
  });
});

describe('edgeWords', () => {
  it('names whose edge it is', () => {
    expect(edgeWords(0.010579)).toBe('house edge 1.06%');
    expect(edgeWords(-0.3881)).toBe('38.81% in your favour');
    expect(edgeWords(0)).toBe('house edge 0.00%');
  });
});
