import { chips, signedChips } from '../../lib/format';
import type { PodiumPlace } from '../../evening/podium';
import './evening.css';

export type { PodiumPlace };

const PLACES = ['First', 'Second', 'Third'] as const;

/**
 * The night's top three, second and third either side of first as on a real podium. Drawn by the
 * table when the night ends and by the recap page, so both show the same three.
 */
export function Podium({
  places,
  title = 'The podium',
}: {
  places: PodiumPlace[];
  title?: string;
}) {
  const top = places.slice(0, 3);
  if (top.length === 0) return null;
  return (
    <section className="podium" aria-labelledby="podium-title" data-testid="podium">
      <h2 id="podium-title" className="podium__title">
        {title}
      </h2>
      <ol className="podium__steps">
        {top.map((p, i) => (
          <li
            key={p.playerId}
            className={`podium__step podium__step--${i + 1}`}
            data-testid={`podium-${i + 1}`}
            data-player={p.playerId}
          >
            <span className="podium__place">{PLACES[i]}</span>
            <span className="podium__name">{p.name}</span>
            <span className={`podium__net${p.net < 0 ? ' podium__net--down' : ''}`}>
              {signedChips(p.net)}
            </span>
            {p.ended === undefined ? null : (
              <span className="podium__ended">ends with {chips(p.ended)}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
