import type { EveningView, SeatView } from '@banco/protocol';
import { liveLeaderboard } from '../../evening/leaderboard';
import { finishWords } from '../../evening/words';
import { chips, signedChips } from '../../lib/format';

/** P9.9: the night so far, best net first, with how far the finish line is. */
export function Leaderboard({
  evening,
  seats,
  you,
}: {
  evening: EveningView;
  seats: readonly SeatView[];
  you: string;
}) {
  const lines = liveLeaderboard(evening, seats);
  const room = evening.settings.chips === 'room';
  return (
    <section
      className="panel leaderboard"
      aria-labelledby="leaderboard-title"
      data-testid="leaderboard"
    >
      <h2 className="panel__title" id="leaderboard-title">
        Tonight’s leaderboard
      </h2>
      <p className="leaderboard__finish" data-testid="finish-line">
        {finishWords(evening.settings.finish, evening.progress)}
      </p>
      {lines.length === 0 ? (
        <p className="evening__hint">Nobody has played yet.</p>
      ) : (
        <ol>
          {lines.map((l) => (
            <li
              key={l.player.id}
              data-you={l.player.id === you ? 'true' : undefined}
              data-testid={`leader-${l.player.id}`}
              data-net={l.net}
              data-stack={l.stack}
            >
              <span>
                {l.player.name}
                {room ? <span className="evening__hint"> · {chips(l.stack)}</span> : null}
              </span>
              <span className={l.net < 0 ? 'leaderboard__net--down' : undefined}>
                {signedChips(l.net)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
