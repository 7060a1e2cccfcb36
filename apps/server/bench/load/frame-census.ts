import type { Server } from 'socket.io';
import type { FrameCensus, FrameCount } from './messages.js';

/** Socket.io's EVENT packet: `2`, an optional ack id, then `["name", …]`. */
const EVENT_NAME = /^2\d*\["([^"]+)"/;
/** `3<id>[…]`: an answer to a client's command. */
const ACK = /^3\d/;

function kindOf(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  const event = EVENT_NAME.exec(data);
  if (event) return event[1]!;
  return ACK.test(data) ? 'ack' : null;
}

/**
 * Counts every socket.io packet each connected socket sends and receives while on, at engine.io's
 * own `packetCreate`/`packet` events: so a broadcast counts once per socket that gets it, as the
 * bytes on the wire do. Pings and the handshake are not frames of a round, and are left out.
 */
export function frameCensus(io: Server): {
  start(): void;
  stop(): FrameCensus;
} {
  let on = false;
  let census: FrameCensus = { out: {}, in: {} };
  // A broadcast hands its one encoded string to every socket of the table in a row: read once,
  // so the census does not charge the measured server a match and a byte count per socket.
  let last: { data: unknown; kind: string | null; bytes: number } = {
    data: null,
    kind: null,
    bytes: 0,
  };
  const add = (side: Record<string, FrameCount>, packet: { type: string; data?: unknown }) => {
    if (!on || packet.type !== 'message') return;
    if (packet.data !== last.data) {
      const kind = kindOf(packet.data);
      const bytes = kind === null ? 0 : Buffer.byteLength(packet.data as string);
      last = { data: packet.data, kind, bytes };
    }
    if (last.kind === null) return;
    const count = (side[last.kind] ??= { n: 0, bytes: 0 });
    count.n++;
    count.bytes += last.bytes;
  };
  io.engine.on(
    'connection',
    (socket: {
      on(
        event: 'packetCreate' | 'packet',
        listener: (p: { type: string; data?: unknown }) => void,
      ): void;
    }) => {
      socket.on('packetCreate', (packet) => add(census.out, packet));
      socket.on('packet', (packet) => add(census.in, packet));
    },
  );
  return {
    start() {
      census = { out: {}, in: {} };
      on = true;
    },
    stop() {
      on = false;
      return census;
    },
  };
}
