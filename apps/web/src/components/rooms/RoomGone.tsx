import { recapLink } from '../../evening/ledger';
import type { PodiumPlace } from '../../evening/podium';
import type { GoneReason } from '../../store/derive';
import { Podium } from '../evening/Podium';

const PAGES: Record<GoneReason, { title: string; body: string }> = {
  kicked: {
    title: 'The host removed you from this room',
    body: 'You cannot come back into it. Any bet you had on the table was settled as usual, and your chips are yours.',
  },
  closed: {
    title: 'This room is closed',
    body: 'The host closed it, or everyone had left. Every bet was settled and the last shoe’s seed is published.',
  },
  locked: {
    title: 'This room is locked',
    body: 'The host is not letting new players in just now. Ask them to unlock it, then open the link again.',
  },
  unknown: {
    title: 'There is no table here',
    body: 'The link may be mistyped, or the room has closed. Ask whoever sent it for a new link or a code.',
  },
};

/** The whole page when there is no way to this table: clear words and the way back. */
export function RoomGone({
  reason,
  night,
}: {
  reason: GoneReason;
  /** A closed private room: its podium (a night with one) and the way to its recap (P8.11). */
  night?: { roomId: string; podium: PodiumPlace[] | null } | null;
}) {
  const page = PAGES[reason];
  const closed = reason === 'closed' && night;
  return (
    <main className="welcome" data-testid={`room-gone-${reason}`}>
      <div className="welcome__card">
        <p className="welcome__brand" aria-hidden="true">
          Banco
        </p>
        <h1>{page.title}</h1>
        <p>{page.body}</p>
        {closed && night.podium ? (
          <Podium places={night.podium} title="The night’s podium" />
        ) : null}
        {closed ? (
          <p>
            <a className="button big" href={recapLink(night.roomId)} data-testid="recap-link">
              See the night’s recap
            </a>
          </p>
        ) : null}
        <a className="button primary big" href="/lobby/">
          Back to the tables
        </a>
      </div>
    </main>
  );
}
