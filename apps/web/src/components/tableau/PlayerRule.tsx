import { playerDecision } from '@banco/rules';
import './tableau.css';
import { PLAYER_ROWS, explainPlayer } from './words';

export interface PlayerRuleProps {
  /** Player's two-card total to light and explain. */
  readonly lit?: number | null;
  readonly explain?: boolean;
}

/** Player's rule, asked of the rules package for each two-card total 0–7. */
export function PlayerRule({ lit = null, explain = true }: PlayerRuleProps) {
  return (
    <div className="tableau tableau--player" data-testid="player-rule">
      <div className="tableau__scroll">
        <table className="tableau__grid">
          <caption className="tableau__caption">Does Player draw a third card?</caption>
          <thead>
            <tr>
              <th scope="col" className="tableau__corner">
                Player<span className="sr-only"> total</span>
              </th>
              <th scope="col">
                Player<span className="sr-only"> decision</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {PLAYER_ROWS.map((total) => {
              const { draws } = playerDecision(total);
              const isLit = lit === total;
              return (
                <tr key={total} className={isLit ? 'is-row' : undefined}>
                  <th scope="row" className={`tableau__row${isLit ? ' is-axis' : ''}`}>
                    {total}
                  </th>
                  <td
                    className={`tableau__cell tableau__cell--wide ${draws ? 'tableau__cell--draw' : 'tableau__cell--stand'}${isLit ? ' is-lit' : ''}`}
                    data-player={total}
                    data-draws={draws ? 'true' : 'false'}
                    data-lit={isLit ? 'true' : undefined}
                  >
                    {draws ? 'draws' : 'stands'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {explain && lit !== null ? (
        <p className="tableau__why" aria-live="polite" data-testid="player-why">
          {explainPlayer(lit)}
        </p>
      ) : null}
    </div>
  );
}
