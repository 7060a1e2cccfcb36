import type { RoadsView } from '@banco/protocol';
import type { DerivedRoadName } from '@banco/rules';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { resultsOf, roadsIf, summarise, summaryWords, type Side } from './road-data';
import { AskMark, BeadPlateSvg, BigRoadSvg, DerivedRoadSvg, type MarkStyle } from './RoadSvgs';

const DERIVED: { name: DerivedRoadName; title: string; style: MarkStyle; looks: string }[] = [
  { name: 'bigEyeBoy', title: 'Big Eye Boy', style: 'ring', looks: 'rings' },
  { name: 'smallRoad', title: 'Small Road', style: 'dot', looks: 'dots' },
  { name: 'cockroachPig', title: 'Cockroach Pig', style: 'slash', looks: 'slashes' },
];

const SIDE: Record<Side, string> = { banker: 'Banker', player: 'Player' };
const COLOUR = { red: 'red', blue: 'blue' } as const;

/** A road that scrolls sideways on a narrow screen and keeps its newest column in view. */
function Scroller({
  children,
  watch,
  label,
}: {
  children: ReactNode;
  watch: unknown;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [watch]);
  return (
    // Focusable so a keyboard can scroll a road wider than the screen.
    <div className="road__scroll" ref={ref} tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}

export interface ScoreboardProps {
  roads: RoadsView | null;
  /** Rounds of this shoe dealt with a natural, when the hand history has been read. */
  naturals: number | null;
}

/** The five roads the server sends, drawn as they are at a live table, plus the ask preview. */
export default function Scoreboard({ roads, naturals }: ScoreboardProps) {
  const [ask, setAsk] = useState<Side | null>(null);
  const results = useMemo(() => (roads ? resultsOf(roads) : []), [roads]);
  const preview = useMemo(
    () => ({
      banker: roads ? roadsIf(roads, 'banker') : null,
      player: roads ? roadsIf(roads, 'player') : null,
    }),
    [roads],
  );
  if (!roads) {
    return <p className="instruments__empty">The scoreboard starts with the shoe’s first round.</p>;
  }
  const shown = ask ? (preview[ask] as unknown as RoadsView) : roads;
  const fresh = ask ? results.length : null;
  const summary = summarise(roads);
  const words = summaryWords(summary, naturals);
  const askMark = (side: Side, name: DerivedRoadName) => {
    const road = preview[side]?.[name];
    const mark = road?.columns.flatMap((c) => c.marks).find((m) => m.round === results.length);
    return mark?.colour ?? null;
  };

  return (
    <div className="scoreboard" data-testid="scoreboard">
      <p className="scoreboard__summary" data-testid="road-summary">
        {words}
      </p>
      <p className="scoreboard__caveat">
        Roads are a record of what has happened in this shoe. Every round is dealt from the cards
        left, whatever the pattern so far: the roads cannot tell you what comes next.
      </p>

      <div className="scoreboard__row">
        <section className="road" aria-labelledby="road-bead-title">
          <h3 className="road__title" id="road-bead-title">
            Bead plate
          </h3>
          <Scroller watch={roads} label="Bead plate, scrolls sideways">
            <BeadPlateSvg
              plate={roads.beadPlate}
              label={`Bead plate: every round in order, ${summary.rounds} so far.`}
            />
          </Scroller>
        </section>

        <section className="road" aria-labelledby="road-big-title">
          <h3 className="road__title" id="road-big-title">
            Big road
          </h3>
          <Scroller watch={shown} label="Big road, scrolls sideways">
            <BigRoadSvg
              road={shown.bigRoad}
              cell={24}
              minCols={34}
              fresh={fresh}
              label={`Big road: ${roads.bigRoad.columns.length} runs of wins, ties drawn as slashes.`}
            />
          </Scroller>
        </section>
      </div>

      <p className="scoreboard__derived-why" data-testid="derived-explained">
        Big Eye Boy, Small Road and Cockroach Pig do not show who won. Each asks of the big road:
        does its newest column look like the one 1, 2 or 3 columns before it (same length, or both
        cut short)? Red means yes, the pattern repeats; blue means no, it breaks.
      </p>
      <div className="scoreboard__derived">
        {DERIVED.map((d) => (
          <section className="road" key={d.name} aria-labelledby={`road-${d.name}-title`}>
            <h3 className="road__title" id={`road-${d.name}-title`}>
              {d.title}
            </h3>
            <Scroller watch={shown} label={`${d.title}, scrolls sideways`}>
              <DerivedRoadSvg
                road={shown[d.name]}
                style={d.style}
                fresh={fresh}
                cell={14}
                minCols={19}
                label={`${d.title}: ${roads[d.name].columns.flatMap((c) => c.marks).length} marks, drawn as ${d.looks}. Red where the big road repeats its pattern, blue where it breaks it.`}
              />
            </Scroller>
          </section>
        ))}
        <section className="road road--ask" aria-labelledby="road-ask-title">
          <h3 className="road__title" id="road-ask-title">
            Ask
          </h3>
          <p className="ask__hint">What each road would add next:</p>
          <table className="ask__table" data-testid="ask-roads">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">If next</span>
                </th>
                {DERIVED.map((d) => (
                  <th scope="col" key={d.name}>
                    <abbr title={d.title}>
                      {d.title
                        .split(' ')
                        .map((w) => w[0])
                        .join('')}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(['banker', 'player'] as const).map((side) => (
                <tr key={side}>
                  <th scope="row">
                    <button
                      type="button"
                      className={`ask__button ask__button--${side}`}
                      aria-pressed={ask === side}
                      data-testid={`ask-${side}`}
                      onClick={() => setAsk((a) => (a === side ? null : side))}
                    >
                      {SIDE[side]}?
                    </button>
                  </th>
                  {DERIVED.map((d) => {
                    const colour = askMark(side, d.name);
                    return (
                      <td key={d.name} data-road={d.name} data-colour={colour ?? 'none'}>
                        <AskMark colour={colour} style={d.style} />
                        <span className="sr-only">
                          {colour ? `${d.title}: ${COLOUR[colour]}` : `${d.title}: no mark`}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="ask__hint" aria-live="polite">
            {ask
              ? `Showing the roads as if ${SIDE[ask]} won the next round.`
              : 'Press one to see it on the roads.'}
          </p>
        </section>
      </div>
    </div>
  );
}
