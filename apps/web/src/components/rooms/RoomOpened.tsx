import type { RoomSummary } from '../../lib/rooms-api';
import { gameOf } from '../table/games';
import { SharePanel } from './SharePanel';

/** A room just opened: the game it plays, how friends get in, and the way to its table. */
export function RoomOpened({ room, token }: { room: RoomSummary; token: string }) {
  const game = gameOf(room.settings).title;
  return (
    <section className="room-opened" aria-labelledby="room-opened-title">
      <h2 id="room-opened-title">Your room “{room.name}” is open</h2>
      <p data-testid="room-game">
        It plays <strong>{game}</strong>: friends who come by its link sit at a {game} table.
      </p>
      <SharePanel
        roomId={room.id}
        token={token}
        isHost
        approves={room.settings.evening?.seating === 'host-approves'}
      />
      <a className="button primary big" href={`/table/?id=${encodeURIComponent(room.id)}&sit=1`}>
        Go to your room
      </a>
    </section>
  );
}
