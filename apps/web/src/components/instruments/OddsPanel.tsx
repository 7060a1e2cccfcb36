import type { TableSettings } from '@banco/protocol';
import { useMemo } from 'react';
import { CardsLeftChart } from './CardsLeftChart';
import { figuresOf, fullShoeFigures, percent, rowsFor, valuesOf } from './shoe-figures';

export interface OddsPanelProps {
  /** Rank counts (A … K) of the cards nobody has seen: the live odds' `unseen` (P1.10). */
  unseen: readonly number[] | null;
  settings: TableSettings;
  /** The round these odds are for, when one is known. */
  round: number | null;
}

/** "1.0579 %" for a house edge; one that favours the bettor says so in words too. */
function Edge({ value, testId }: { value: number; testId: string }) {
  return (
    <span
      data-testid={testId}
      data-value={value}
      className={value < 0 ? 'odds__favours' : undefined}
    >
      {percent(value)}
      {value < 0 ? <span className="odds__note"> (favours you)</span> : null}
    </span>
  );
}

/** The exact odds of the next round from the cards nobody has seen, beside a fresh shoe's. */
export default function OddsPanel({ unseen, settings, round }: OddsPanelProps) {
  const rules = settings.rules;
  const unseenKey = unseen?.join(',') ?? '';
  const now = useMemo(
    () => (unseenKey ? figuresOf(unseenKey.split(',').map(Number), rules) : null),
    [unseenKey, rules],
  );
  const full = useMemo(() => fullShoeFigures(settings.decks, rules), [settings.decks, rules]);
  if (!unseen || !now || !full) {
    return (
      <p className="instruments__empty" data-testid="odds-empty">
        The exact odds are worked out once a shoe is shuffled and burned, and again after every
        round.
      </p>
    );
  }
  const rows = rowsFor(settings);
  const mains = rows.filter((r) => r.spot === 'player' || r.spot === 'banker');
  const favoured = Object.values(now.edges).some((edge) => edge < 0);
  return (
    <div className="odds" data-testid="odds-panel" data-unseen={unseenKey}>
      <p className="odds__lead">
        {round === null ? 'The next round' : `Round ${round}`}, counted over every order the{' '}
        <strong data-testid="odds-cards">{now.cards}</strong> cards nobody has seen could come out
        in (the face-down burn included), beside a fresh shoe of {settings.decks} decks.
      </p>
      <div className="odds__grid">
        <div className="odds__scroll" tabIndex={0} role="group" aria-label="Odds table">
          <table className="odds__table" data-testid="odds-table">
            <caption className="sr-only">
              Chance of winning and house edge, now and for a fresh shoe
            </caption>
            <thead>
              <tr>
                <th scope="col" rowSpan={2}>
                  Bet
                </th>
                <th scope="colgroup" colSpan={2}>
                  Chance it wins
                </th>
                <th scope="colgroup" colSpan={2}>
                  House edge
                </th>
              </tr>
              <tr>
                <th scope="col">now</th>
                <th scope="col">fresh shoe</th>
                <th scope="col">now</th>
                <th scope="col">fresh shoe</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.spot} data-spot={row.spot}>
                  <th scope="row">{row.label}</th>
                  <td>
                    {row.chance ? (
                      <span
                        data-testid={`odds-p-${row.spot}`}
                        data-value={now.probabilities[row.chance]}
                      >
                        {percent(now.probabilities[row.chance])}
                      </span>
                    ) : (
                      <span title="Dragon Bonus pays on a scale, so no single chance">scale</span>
                    )}
                  </td>
                  <td className="odds__full">
                    {row.chance ? percent(full.probabilities[row.chance]) : '–'}
                  </td>
                  <td>
                    <Edge value={now.edges[row.spot]} testId={`odds-edge-${row.spot}`} />
                  </td>
                  <td className="odds__full">{percent(full.edges[row.spot])}</td>
                </tr>
              ))}
              {mains.map((row) => {
                const key = row.spot === 'player' ? 'playerExcludingTies' : 'bankerExcludingTies';
                return (
                  <tr key={key} className="odds__sub">
                    <th scope="row">
                      {row.label} <span className="odds__dim">ties aside</span>
                    </th>
                    <td colSpan={2} className="odds__dim">
                      <span className="sr-only">a tie returns the stake</span>
                      <span aria-hidden="true">–</span>
                    </td>
                    <td>
                      <Edge value={now.edges[key]} testId={`odds-edge-${key}`} />
                    </td>
                    <td className="odds__full">{percent(full.edges[key])}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <CardsLeftChart values={valuesOf(unseen)} decks={settings.decks} />
      </div>
      {favoured ? (
        <p className="odds__swing" data-testid="odds-swing">
          Why a bet can favour you now: late in a shoe only a few cards are left, and some mixes of
          them suit one bet. It lasts a round or two; the next cards dealt can turn it back.
        </p>
      ) : null}
      <p className="odds__meaning">
        What this is: the exact chances of one round, counted from the cards nobody has seen. What
        it is not: a forecast. The order of those cards stays hidden, and the main bets seldom move
        far from a fresh shoe&apos;s.
      </p>
    </div>
  );
}
