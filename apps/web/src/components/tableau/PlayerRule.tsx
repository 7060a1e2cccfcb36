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
      {/* A narrow panel scrolls this row sideways: a keyboard must be able to scroll it too. */}
      <div className="tableau__scroll" tabIndex={0} role="region" aria-label="Player's rule">
        <table className="tableau__grid">
          <caption className="tableau__caption">Does Player draw a third card?</caption>
          <thead>
            <tr>
              <th scope="col" className="tableau__corner">
                <span className="sr-only">Player’s two-card </span>Total
              </th>
              {PLAYER_ROWS.map((total) => (
                <th
                  key={total}
                  scope="col"
                  className={`tableau__col${lit === total ? ' is-axis' : ''}`}
                >
                  <span className="sr-only">Player </span>
                  {total}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="tableau__row">
                Player
              </th>
              {PLAYER_ROWS.map((total) => {
                const { draws } = playerDecision(total);
                const isLit = lit === total;
                return (
                  <td
                    key={total}
                    className={`tableau__cell ${draws ? 'tableau__cell--draw' : 'tableau__cell--stand'}${isLit ? ' is-lit' : ''}`}
                    data-player={total}
                    data-draws={draws ? 'true' : 'false'}
                    data-lit={isLit ? 'true' : undefined}
                  >
                    <span aria-hidden="true">{draws ? 'D' : 'S'}</span>
                    <span className="sr-only">{draws ? 'draws' : 'stands'}</span>
                  </td>
                );
              })}
            </tr>
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
