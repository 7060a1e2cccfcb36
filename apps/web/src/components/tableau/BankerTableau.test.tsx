import { BANKER_DRAWS, bankerDecision, playerDecision } from '@banco/rules';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BankerTableau } from './BankerTableau';
import { PlayerRule } from './PlayerRule';
import { bankerRowWords, explainCell, spanWords } from './words';

const cellAt = (banker: number, third: string) =>
  document.querySelector<HTMLElement>(`td[data-banker="${banker}"][data-third="${third}"]`)!;

describe('BankerTableau', () => {
  it('the no-third-card column says so in words: "Player stood", not a bare "none"', () => {
    render(<BankerTableau />);
    const head = screen.getByTestId('tableau-stood-head');
    expect(head.textContent).toBe('Playerstood');
    expect(head.closest('thead')!.textContent).not.toMatch(/none/);
  });

  it('shows every cell exactly as the rules package decides (R6, R7)', () => {
    render(<BankerTableau />);
    const cells = screen.getByTestId('banker-tableau').querySelectorAll('td');
    expect(cells).toHaveLength(8 * 11);
    for (const td of cells) {
      const banker = Number(td.dataset.banker);
      const third = td.dataset.third === 'none' ? null : Number(td.dataset.third);
      const { draws } = bankerDecision(banker, third);
      expect(td.dataset.draws).toBe(String(draws));
      expect(td.textContent).toBe(draws ? 'Ddraws' : 'Sstands');
      // The flat table the simulator uses agrees with the grid too.
      expect(BANKER_DRAWS[banker * 11 + (third ?? 10)]).toBe(draws ? 1 : 0);
    }
  });

  it('agrees with the seed lesson on its three look-ups', () => {
    render(<BankerTableau />);
    expect(cellAt(4, '2').dataset.draws).toBe('true');
    expect(cellAt(4, '8').dataset.draws).toBe('false');
    expect(cellAt(3, '8').dataset.draws).toBe('false');
  });

  it('is a real table: headed columns and rows a screen reader can name', () => {
    render(<BankerTableau />);
    const table = screen.getByRole('table', { name: 'Does Banker draw a third card?' });
    expect(within(table).getAllByRole('columnheader').length).toBeGreaterThanOrEqual(12);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((b) => `Banker ${b}`));
  });

  it('lights one cell with its row and column, and explains it', () => {
    render(<BankerTableau lit={{ banker: 4, third: 2 }} />);
    const lit = document.querySelectorAll('[data-lit="true"]');
    expect(lit).toHaveLength(1);
    expect(lit[0]).toBe(cellAt(4, '2'));
    expect(cellAt(4, '2').className).toContain('is-lit');
    // The rest of row 4 and of column 2 are crossed, nothing else is.
    const crossed = [...document.querySelectorAll('td.is-cross')].map(
      (td) => `${(td as HTMLElement).dataset.banker}/${(td as HTMLElement).dataset.third}`,
    );
    expect(crossed).toHaveLength(10 + 7);
    expect(crossed.every((k) => k.startsWith('4/') || k.endsWith('/2'))).toBe(true);
    const axes = [...document.querySelectorAll('th.is-axis')].map((th) => th.textContent);
    expect(axes).toEqual(['third card 2', 'Banker 4']);
    expect(screen.getByTestId('tableau-why').textContent).toBe(
      "Banker has 4 and Player's third card is worth 2. Banker on 4 draws only when Player's third card is 2–7, so here Banker draws (R7.4).",
    );
  });

  it('explains the "Player stood" column with the simple rule', () => {
    render(<BankerTableau lit={{ banker: 6, third: null }} />);
    expect(cellAt(6, 'none').dataset.lit).toBe('true');
    expect(screen.getByTestId('tableau-why').textContent).toBe(
      'Player stood, so Banker uses the simple rule (Banker draws on 0–5 and stands on 6 or 7): on 6 Banker stands (R6.2).',
    );
  });

  it('lights nothing when nothing is asked', () => {
    render(<BankerTableau />);
    expect(document.querySelector('[data-lit]')).toBeNull();
    expect(document.querySelector('.is-cross, .is-axis')).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('lets the reader look a cell up by mouse', () => {
    const onPick = vi.fn();
    render(<BankerTableau interactive onPick={onPick} />);
    expect(screen.getByTestId('tableau-why').textContent).toMatch(/^Pick a cell/);
    fireEvent.click(cellAt(5, '4'));
    expect(onPick).toHaveBeenCalledWith({ banker: 5, third: 4 });
    expect(cellAt(5, '4').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('tableau-why').textContent).toBe(
      explainCell({ banker: 5, third: 4 }),
    );
  });

  it('lets the reader look a cell up by keyboard alone, one tab stop for the grid', () => {
    const onPick = vi.fn();
    render(<BankerTableau interactive onPick={onPick} />);
    expect(screen.getByRole('grid')).toBeTruthy();
    const stops = document.querySelectorAll('td[tabindex="0"]');
    expect(stops).toHaveLength(1);
    expect(stops[0]).toBe(cellAt(0, 'none'));
    act(() => cellAt(0, 'none').focus());
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']) press(key);
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) press(key);
    expect(document.activeElement).toBe(cellAt(4, '2'));
    expect(onPick).not.toHaveBeenCalled();
    press('Enter');
    expect(onPick).toHaveBeenLastCalledWith({ banker: 4, third: 2 });
    expect(cellAt(4, '2').tabIndex).toBe(0);
    press('End');
    expect(document.activeElement).toBe(cellAt(4, '9'));
    press(' ');
    expect(onPick).toHaveBeenLastCalledWith({ banker: 4, third: 9 });
    // Edges hold: no wrapping off the grid.
    press('PageDown');
    press('ArrowDown');
    press('ArrowRight');
    expect(document.activeElement).toBe(cellAt(7, '9'));
    press('Home');
    expect(document.activeElement).toBe(cellAt(7, 'none'));
  });
});

describe('tableau words', () => {
  it('writes spans of digits the way a person says them', () => {
    expect(spanWords([2, 3, 4, 5, 6, 7])).toBe('2–7');
    expect(spanWords([6, 7])).toBe('6 or 7');
    expect(spanWords([0, 1, 2, 3, 4, 5, 6, 7, 9])).toBe('0–7 or 9');
    expect(spanWords([8])).toBe('8');
    expect(spanWords([1, 3, 5])).toBe('1, 3 or 5');
  });

  it('describes each row from the rules package', () => {
    expect(bankerRowWords(2)).toBe("Banker on 2 always draws, whatever Player's third card");
    expect(bankerRowWords(3)).toBe("Banker on 3 draws unless Player's third card is 8");
    expect(bankerRowWords(6)).toBe("Banker on 6 draws only when Player's third card is 6 or 7");
    expect(bankerRowWords(7)).toBe("Banker on 7 always stands, whatever Player's third card");
  });
});

describe('PlayerRule', () => {
  it('shows each total as the rules package decides, and lights one (R5)', () => {
    render(<PlayerRule lit={5} />);
    const cells = screen.getByTestId('player-rule').querySelectorAll('td');
    expect(cells).toHaveLength(8);
    for (const td of cells) {
      const { draws } = playerDecision(Number(td.dataset.player));
      expect(td.dataset.draws).toBe(String(draws));
    }
    expect(document.querySelector('[data-lit="true"]')).toBe(cells[5]);
    expect(screen.getByTestId('player-why').textContent).toBe(
      'Player has 5 on two cards and no natural is on the table: Player draws on 0–5 and stands on 6 or 7, so Player draws (R5.1).',
    );
  });
});
