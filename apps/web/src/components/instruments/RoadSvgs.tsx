import type { RoadsView } from '@banco/protocol';
import type { ReactNode } from 'react';

type BeadPlate = RoadsView['beadPlate'];
type BigRoad = RoadsView['bigRoad'];
type DerivedRoad = RoadsView['bigEyeBoy'];

const LETTER = { player: 'P', banker: 'B', tie: 'T' } as const;

/** The ruled paper every road is drawn on: at least `minCols` columns, always one spare. */
function RoadGrid({
  cols,
  rows,
  cell,
  label,
  testId,
  children,
}: {
  cols: number;
  rows: number;
  cell: number;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const width = cols * cell;
  const height = rows * cell;
  const lines: ReactNode[] = [];
  for (let c = 1; c < cols; c++) {
    lines.push(<line key={`c${c}`} x1={c * cell} y1={0} x2={c * cell} y2={height} />);
  }
  for (let r = 1; r < rows; r++) {
    lines.push(<line key={`r${r}`} x1={0} y1={r * cell} x2={width} y2={r * cell} />);
  }
  return (
    <svg
      className="road__svg"
      data-testid={testId}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <rect className="road__paper" x={0} y={0} width={width} height={height} />
      <g className="road__lines">{lines}</g>
      {children}
    </svg>
  );
}

/** R12.2, R12.6: a red dot top left for a Banker pair, a blue dot bottom right for a Player pair. */
function PairDots({
  cx,
  cy,
  r,
  of,
}: {
  cx: number;
  cy: number;
  r: number;
  of: { bankerPair: boolean; playerPair: boolean };
}) {
  const offset = r * 0.7;
  const size = Math.max(2.5, r / 3.5);
  return (
    <>
      {of.bankerPair ? (
        <circle
          className="road__pair road__pair--banker"
          cx={cx - offset}
          cy={cy - offset}
          r={size}
        />
      ) : null}
      {of.playerPair ? (
        <circle
          className="road__pair road__pair--player"
          cx={cx + offset}
          cy={cy + offset}
          r={size}
        />
      ) : null}
    </>
  );
}

const columnsFor = (width: number, minCols: number) => Math.max(minCols, width + 1);

/** R12.2: one bead per round, ties included, down six rows and on to the next column. */
export function BeadPlateSvg({
  plate,
  cell = 26,
  minCols = 12,
  label,
}: {
  plate: BeadPlate;
  cell?: number;
  minCols?: number;
  label: string;
}) {
  const r = cell / 2 - 2;
  return (
    <RoadGrid
      cols={columnsFor(plate.width, minCols)}
      rows={plate.rows}
      cell={cell}
      label={label}
      testId="bead-plate"
    >
      {plate.beads.map((bead) => {
        const cx = bead.col * cell + cell / 2;
        const cy = bead.row * cell + cell / 2;
        return (
          <g
            key={bead.round}
            className={`bead bead--${bead.outcome}`}
            data-round={bead.round}
            data-col={bead.col}
            data-row={bead.row}
            data-outcome={bead.outcome}
            data-player-pair={bead.playerPair || undefined}
            data-banker-pair={bead.bankerPair || undefined}
          >
            <circle cx={cx} cy={cy} r={r} />
            <text x={cx} y={cy} dy="0.35em" textAnchor="middle" aria-hidden="true">
              {LETTER[bead.outcome]}
            </text>
            <PairDots cx={cx} cy={cy} r={r} of={bead} />
          </g>
        );
      })}
    </RoadGrid>
  );
}

/**
 * R12.3–R12.7: hollow circles; a green slash for ties (with their count past one); the dragon
 * tail is already in each entry's drawn cell. `fresh` is the round index of a preview entry.
 */
export function BigRoadSvg({
  road,
  cell = 20,
  minCols = 24,
  label,
  fresh = null,
}: {
  road: BigRoad;
  cell?: number;
  minCols?: number;
  label: string;
  fresh?: number | null;
}) {
  const r = cell / 2 - 2.5;
  const entries = road.columns.flatMap((column, logical) =>
    column.entries.map((entry, depth) => ({ entry, logical, depth })),
  );
  return (
    <RoadGrid
      cols={columnsFor(road.width, minCols)}
      rows={road.rows}
      cell={cell}
      label={label}
      testId="big-road"
    >
      {entries.map(({ entry, logical, depth }) => {
        const cx = entry.col * cell + cell / 2;
        const cy = entry.row * cell + cell / 2;
        return (
          <g
            key={entry.round}
            className={`big big--${entry.side}${entry.round === fresh ? ' road__ask' : ''}`}
            data-round={entry.round}
            data-col={entry.col}
            data-row={entry.row}
            data-side={entry.side}
            data-logical={`${logical}:${depth}`}
            data-ties={entry.ties || undefined}
          >
            <circle cx={cx} cy={cy} r={r} />
            {entry.ties > 0 ? (
              <>
                <line className="big__tie" x1={cx - r} y1={cy + r} x2={cx + r} y2={cy - r} />
                {entry.ties > 1 ? (
                  <text className="big__ties" x={cx} y={cy} dy="0.35em" textAnchor="middle">
                    {entry.ties}
                  </text>
                ) : null}
              </>
            ) : null}
            <PairDots cx={cx} cy={cy} r={r} of={entry} />
          </g>
        );
      })}
    </RoadGrid>
  );
}

export type MarkStyle = 'ring' | 'dot' | 'slash';

/** R12.8–R12.12: red and blue marks laid out like a big road, each road in its own style. */
export function DerivedRoadSvg({
  road,
  style,
  cell = 13,
  minCols = 24,
  label,
  fresh = null,
}: {
  road: DerivedRoad;
  style: MarkStyle;
  cell?: number;
  minCols?: number;
  label: string;
  fresh?: number | null;
}) {
  const r = cell / 2 - 2;
  return (
    <RoadGrid
      cols={columnsFor(road.width, minCols)}
      rows={road.rows}
      cell={cell}
      label={label}
      testId={`road-${road.name}`}
    >
      {road.columns.flatMap((column) =>
        column.marks.map((mark) => {
          const cx = mark.col * cell + cell / 2;
          const cy = mark.row * cell + cell / 2;
          return (
            <g
              key={mark.round}
              className={`mark mark--${style} mark--${mark.colour}${mark.round === fresh ? ' road__ask' : ''}`}
              data-round={mark.round}
              data-col={mark.col}
              data-row={mark.row}
              data-colour={mark.colour}
            >
              {style === 'slash' ? (
                <line x1={cx - r} y1={cy + r} x2={cx + r} y2={cy - r} />
              ) : (
                <circle cx={cx} cy={cy} r={r} />
              )}
            </g>
          );
        }),
      )}
    </RoadGrid>
  );
}

/** One derived road's ask mark, drawn small in its own style (or a dash when it adds none). */
export function AskMark({ colour, style }: { colour: 'red' | 'blue' | null; style: MarkStyle }) {
  if (colour === null) return <span className="ask__none">–</span>;
  const size = 14;
  const r = size / 2 - 2;
  const c = size / 2;
  return (
    <svg
      className={`ask__mark mark mark--${style} mark--${colour}`}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden="true"
    >
      {style === 'slash' ? (
        <line x1={c - r} y1={c + r} x2={c + r} y2={c - r} />
      ) : (
        <circle cx={c} cy={c} r={r} />
      )}
    </svg>
  );
}
