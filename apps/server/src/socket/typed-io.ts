import type {
  ClientToServerEvents,
  InterServerEvents,
  PlayerInfo,
  ServerToClientEvents,
} from '@banco/protocol';
import type { Server, Socket } from 'socket.io';

/** What the gateway keeps on each socket. */
export interface SocketData {
  player: PlayerInfo;
  /** The session the handshake's token named (P10): its logout closes this socket. */
  sessionId: string;
  sessionExpiresAt: Date;
  /** Tables this socket has joined. */
  tables: Set<string>;
  /** RATE_LIMITED answers in a row; a socket that ignores them is disconnected (P1.6). */
  strikes: number;
}

/** socket.io typed by the protocol's event maps: an emit of a wrong shape does not compile. */
export type BancoServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type BancoSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
