import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type ServerOptions } from 'socket.io';
import type { Config } from '../config.js';
import type { BancoServer } from './typed-io.js';

/**
 * The transport's own cap on one socket.io packet. Commands are far smaller; the per-command
 * check at config.socketMaxPayloadBytes answers PAYLOAD_TOO_LARGE before this ever matters.
 */
export const TRANSPORT_MAX_BYTES = 64 * 1024;

/** True when the page's origin is this server as the browser addressed it (host and port). */
function isSameOrigin(origin: string, request: IncomingMessage): boolean {
  try {
    const { protocol, host } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && host === request.headers.host;
  } catch {
    return false;
  }
}

/** The socket.io server on the HTTP server: which origins it takes, and none once stopping. */
export function createIoServer(
  app: FastifyInstance,
  options: {
    config: Config;
    adapter: ServerOptions['adapter'] | undefined;
    log: FastifyBaseLogger;
    stopping: () => boolean;
  },
): BancoServer {
  const { config, log } = options;
  const allowedOrigins = new Set(config.corsOrigins);
  const io: BancoServer = new Server(app.server, {
    serveClient: false,
    ...(options.adapter ? { adapter: options.adapter } : {}),
    maxHttpBufferSize: TRANSPORT_MAX_BYTES,
    cors: { origin: config.corsOrigins, methods: ['GET', 'POST'] },
    allowRequest: (request, callback) => {
      // A client reconnecting this soon must not land on a server whose tables have stopped:
      // refused, it tries again, and finds the next server.
      if (options.stopping()) return callback('TABLE_CLOSING: this server is stopping', false);
      const origin = request.headers.origin;
      // Browsers always send Origin; Node bots and tools usually send none. The server's own
      // pages (the web app it serves) are same-origin: Origin names the host they asked.
      if (origin === undefined || allowedOrigins.has(origin) || isSameOrigin(origin, request)) {
        return callback(null, true);
      }
      log.warn({ origin }, 'socket origin refused');
      callback(`ORIGIN_REFUSED: origin ${origin} is not allowed`, false);
    },
  });
  encodeWithoutBinaryScan(io);
  return io;
}

/** The parts of socket.io-parser's Encoder (socket.io 4.8: `io.encoder`) this touches. */
interface PacketEncoder {
  encode(packet: unknown): unknown[];
  encodeAsString(packet: unknown): string;
}

/**
 * Every packet the server sends is JSON: events, acks and refusals are plain objects of
 * strings, numbers, booleans and arrays (the protocol package's schemas), never a Buffer. Yet
 * socket.io-parser walks each outgoing packet's every value looking for binary (`hasBinary`)
 * before it stringifies it: a quarter of the encoding's cost in a profile of the load bench
 * (0.5 % of the server's busy time), paid once a broadcast and once a socket for each ack and
 * catch-up. This encoder writes the text the parser writes for a packet without binary (its
 * `encodeAsString`: type, ack id, JSON), so nothing on the wire changes; a Buffer sent by
 * mistake would go as its JSON form rather than as an attachment. Decoding is unchanged.
 */
export function encodeWithoutBinaryScan(io: Pick<BancoServer, 'encoder'>): void {
  const encoder = io.encoder as unknown as PacketEncoder;
  encoder.encode = (packet) => [encoder.encodeAsString(packet)];
}
