import type { RoomView } from '../../rooms/host';

/** A private room's state, for everyone at the table: who hosts, and what the host has done. */
export function RoomBar({ room, youHost }: { room: RoomView; youHost: boolean }) {
  return (
    <p className="room-bar" data-testid="room-bar" aria-label="Room">
      <span className="room-bar__tag">Private room</span>
      <span data-testid="room-host">
        {youHost
          ? 'You are the host'
          : room.hostName
            ? `Host: ${room.hostName}`
            : 'The host is away'}
      </span>
      {room.locked ? (
        <span className="room-bar__flag" data-testid="room-locked">
          Locked: no new players
        </span>
      ) : null}
      {room.closing ? (
        <span className="room-bar__flag room-bar__flag--warn" data-testid="room-closing">
          Closing after this round
        </span>
      ) : room.paused ? (
        <span className="room-bar__flag" data-testid="room-paused">
          Paused after this round
        </span>
      ) : null}
    </p>
  );
}
