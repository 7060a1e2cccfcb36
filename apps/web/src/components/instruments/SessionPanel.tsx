import { chips, signedChips } from '../../lib/format';
import { HISTORY_LIMIT, type SessionStats } from './history-data';

/** Your own figures since you sat down in this tab; nobody else sees them. */
export default function SessionPanel({
  stats,
  since,
}: {
  stats: SessionStats | null;
  since: string;
}) {
  if (!stats) return <p className="instruments__empty">Reading your rounds…</p>;
  const started = new Date(since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="session" data-testid="session-panel">
      <dl className="session__figures">
        <div>
          <dt>Rounds played</dt>
          <dd data-testid="session-rounds">{stats.rounds}</dd>
        </div>
        <div>
          <dt>Wagered</dt>
          <dd data-testid="session-wagered">{chips(stats.wagered)}</dd>
        </div>
        <div>
          <dt>Net result</dt>
          <dd
            data-testid="session-net"
            className={stats.net > 0 ? 'is-up' : stats.net < 0 ? 'is-down' : undefined}
          >
            {signedChips(stats.net)}
          </dd>
        </div>
        <div>
          <dt>Biggest win</dt>
          <dd data-testid="session-biggest">
            {stats.biggestWin > 0 ? `+${chips(stats.biggestWin)}` : '–'}
          </dd>
        </div>
      </dl>
      <p className="session__note">
        Since {started} in this tab: {stats.won} round{stats.won === 1 ? '' : 's'} up, {stats.lost}{' '}
        down. Only you see this. It counts the table&apos;s last {HISTORY_LIMIT} rounds at most, in
        virtual chips.
      </p>
    </div>
  );
}
