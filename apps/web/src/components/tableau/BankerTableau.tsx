'use client';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tableau.css';
import {
  BANKER_ROWS,
  THIRD_COLUMNS,
  columnLabel,
  explainCell,
  verdictOf,
  type TableauCell,
} from './words';

export interface BankerTableauProps {
  /** The cell to light, with its row and column, and to explain in a sentence. */
  readonly lit?: TableauCell | null;
  /**
   * Lets the reader pick a cell (arrow keys, Home/End, Enter or Space, or a click); the
   * picked cell is lit and explained. Starts from `lit` when given.
   */
  readonly interactive?: boolean;
  /** Called with each cell the reader picks (interactive only). */
  readonly onPick?: (cell: TableauCell) => void;
  /** The table's caption; a plain default when left out. */
  readonly caption?: ReactNode;
  /** Whether to show the sentence under the grid (default true). */
  readonly explain?: boolean;
}

const thirdKey = (third: number | null): string => (third === null ? 'none' : String(third));
const sameCell = (a: TableauCell | null | undefined, b: TableauCell) =>
  !!a && a.banker === b.banker && a.third === b.third;

/**
 * The whole Banker tableau: Banker's two-card total (0–7) down, Player's third card (none,
 * 0–9) across. Every cell is asked of the rules package, never written down here.
 */
export function BankerTableau({
  lit = null,
  interactive = false,
  onPick,
  caption,
  explain = true,
}: BankerTableauProps) {
  const [picked, setPicked] = useState<TableauCell | null>(lit);
  const shown = interactive ? picked : lit;
  const [cursor, setCursor] = useState<TableauCell>(lit ?? { banker: 0, third: null });
  const tableRef = useRef<HTMLTableElement>(null);
  const whyId = useId();

  const pick = (cell: TableauCell) => {
    setCursor(cell);
    setPicked(cell);
    onPick?.(cell);
  };

  const moveTo = (cell: TableauCell) => {
    setCursor(cell);
    const target = tableRef.current?.querySelector<HTMLElement>(
      `td[data-banker="${cell.banker}"][data-third="${thirdKey(cell.third)}"]`,
    );
    target?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, cell: TableauCell) => {
    const row = BANKER_ROWS.indexOf(cell.banker);
    const col = THIRD_COLUMNS.indexOf(cell.third);
    const at = (r: number, c: number): TableauCell => ({
      banker: BANKER_ROWS[Math.max(0, Math.min(BANKER_ROWS.length - 1, r))]!,
      third: THIRD_COLUMNS[Math.max(0, Math.min(THIRD_COLUMNS.length - 1, c))]!,
    });
    const moves: Record<string, () => TableauCell> = {
      ArrowUp: () => at(row - 1, col),
      ArrowDown: () => at(row + 1, col),
      ArrowLeft: () => at(row, col - 1),
      ArrowRight: () => at(row, col + 1),
      Home: () => at(event.ctrlKey ? 0 : row, 0),
      End: () => at(event.ctrlKey ? BANKER_ROWS.length - 1 : row, THIRD_COLUMNS.length - 1),
      PageUp: () => at(0, col),
      PageDown: () => at(BANKER_ROWS.length - 1, col),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(cell);
    }
  };

  const onRow = (banker: number) => shown?.banker === banker;
  const onColumn = (third: number | null) => !!shown && shown.third === third;

  return (
    <div className="tableau" data-testid="banker-tableau">
      <div className="tableau__scroll">
        <table
          ref={tableRef}
          className="tableau__grid"
          role={interactive ? 'grid' : undefined}
          aria-describedby={explain && shown ? whyId : undefined}
        >
          <caption className="tableau__caption">
            {caption ?? 'Does Banker draw a third card?'}
          </caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2} className="tableau__corner">
                Banker
                <span className="sr-only"> total</span>
              </th>
              <th
                scope="col"
                rowSpan={2}
                className={`tableau__col tableau__col--none${onColumn(null) ? ' is-axis' : ''}`}
              >
                {/* Said where it is read: "none" alone left a newcomer asking "none of what?" */}
                <span aria-hidden="true" data-testid="tableau-stood-head">
                  Player
                  <br />
                  stood
                </span>
                <span className="sr-only">{columnLabel(null)}</span>
              </th>
              <th scope="colgroup" colSpan={10} className="tableau__third">
                Player&apos;s third card
              </th>
            </tr>
            <tr>
              {THIRD_COLUMNS.filter((t) => t !== null).map((third) => (
                <th
                  key={third}
                  scope="col"
                  className={`tableau__col${onColumn(third) ? ' is-axis' : ''}`}
                >
                  <span className="sr-only">third card </span>
                  {third}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {BANKER_ROWS.map((banker) => (
              <tr key={banker} className={onRow(banker) ? 'is-row' : undefined}>
                <th scope="row" className={`tableau__row${onRow(banker) ? ' is-axis' : ''}`}>
                  <span className="sr-only">Banker </span>
                  {banker}
                </th>
                {THIRD_COLUMNS.map((third) => {
                  const cell: TableauCell = { banker, third };
                  const { draws } = verdictOf(cell);
                  const isLit = sameCell(shown, cell);
                  const classes = [
                    'tableau__cell',
                    draws ? 'tableau__cell--draw' : 'tableau__cell--stand',
                    third === null ? 'tableau__cell--none' : '',
                    isLit ? 'is-lit' : onRow(banker) || onColumn(third) ? 'is-cross' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return (
                    <td
                      key={thirdKey(third)}
                      className={classes}
                      data-banker={banker}
                      data-third={thirdKey(third)}
                      data-draws={draws ? 'true' : 'false'}
                      data-lit={isLit ? 'true' : undefined}
                      aria-selected={interactive ? isLit : undefined}
                      tabIndex={interactive ? (sameCell(cursor, cell) ? 0 : -1) : undefined}
                      onClick={interactive ? () => pick(cell) : undefined}
                      onKeyDown={interactive ? (e) => onKeyDown(e, cell) : undefined}
                      onFocus={interactive ? () => setCursor(cell) : undefined}
                    >
                      <span aria-hidden="true">{draws ? 'D' : 'S'}</span>
                      <span className="sr-only">{draws ? 'draws' : 'stands'}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="tableau__legend">
        <span className="tableau__key tableau__key--draw" aria-hidden="true">
          D
        </span>{' '}
        Banker draws ·
        <span className="tableau__key tableau__key--stand" aria-hidden="true">
          S
        </span>{' '}
        Banker stands · “Player stood”: Player took no third card, so only Banker’s total counts ·
        Banker on 8 or 9 has a natural and never draws.
      </p>
      {explain ? (
        <p className="tableau__why" id={whyId} aria-live="polite" data-testid="tableau-why">
          {shown
            ? explainCell(shown)
            : interactive
              ? 'Pick a cell (click it, or move with the arrow keys and press Enter) to read why.'
              : ''}
        </p>
      ) : null}
    </div>
  );
}
