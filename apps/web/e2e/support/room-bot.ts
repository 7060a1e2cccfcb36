import {
  createGuestReply,
  createRoomReply,
  PROTOCOL_VERSION,
  ProtocolSocket,
  socketIoTransport,
  TableClient,
  type RoomSettingsInput,
} from '@banco/protocol';
import { io } from 'socket.io-client';

/** A one-deck room whose shoe ends after a handful of rounds (cut at half the shoe, R10.7). */
export const SHORT_SHOE_ROOM: RoomSettingsInput = {
  decks: 1,
  ruleSet: 'standard',
  tiePays: 8,
  sideBets: [],
  limits: { min: 1_000, max: 50_000, tie: { max: 10_000 }, side: { max: 10_000 } },
  seats: 2,
  bettingSeconds: 5,
  untimedBetting: true,
  cardTurning: false,
  cut: 26,
  lastHand: 'plus-one',
  seatHoldSeconds: 60,
};

/**
 * A host bot: opens a short-shoe room over HTTP, sits, declares no bet every round (so the
 * untimed rounds run on the table's own clock) and deals when it holds the shoe, until the cut
 * card ends the first shoe. Resolves with the room and the ended shoe's id.
 */
export async function playShortShoe(url: string): Promise<{ roomId: string; shoeId: string }> {
  const guest = createGuestReply.parse(
    await (
      await fetch(`${url}/api/guests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Shoe bot' }),
      })
    ).json(),
  );
  const opened = await fetch(`${url}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.token}` },
    body: JSON.stringify({ name: 'Short shoe', settings: SHORT_SHOE_ROOM }),
  });
  const { room } = createRoomReply.parse(await opened.json());
  // The protocol's own typed socket and table client, as the pages use: events arrive parsed
  // and in version order, and each command's payload and answer are typed by its name.
  const socket = new ProtocolSocket(
    socketIoTransport(
      io(url, {
        transports: ['websocket'],
        auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
        autoConnect: false,
        reconnection: false,
      }),
    ),
    { ackTimeoutMs: 10_000, reconnect: false },
  );
  const tableId = room.id;
  let client: TableClient | null = null;
  try {
    let joined!: () => void;
    const ready = new Promise<void>((resolve) => (joined = resolve));
    const ended = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the short shoe did not end in 90 s')),
        90_000,
      );
      client = new TableClient({
        socket,
        tableId,
        sink: {
          snapshot: () => joined(),
          event: (event) => {
            if (event.type === 'betting.opened')
              void socket.send('bets.none', { tableId, round: event.round, seat: 1 });
            if (event.type === 'dealing.started' && event.dealer === 1) {
              void socket.send('shoe.deal', { tableId, round: event.round });
            }
            if (event.type === 'shoe.ended') {
              clearTimeout(timer);
              resolve(event.shoeId);
            }
          },
          status: (status, refusal) => {
            if (status === 'refused') reject(new Error(`the bot was refused: ${refusal?.code}`));
          },
        },
      });
    });
    socket.open();
    await socket.ready();
    await ready;
    if (!(await socket.send('seat.take', { tableId, seat: 1 })).ok) {
      throw new Error('the bot could not sit');
    }
    const shoeId = await ended;
    // The room stays open (its shoes stay listed); the bot stops playing.
    await socket.send('room.pause', { tableId, paused: true });
    return { roomId: room.id, shoeId };
  } finally {
    (client as TableClient | null)?.close();
    socket.close();
  }
}
