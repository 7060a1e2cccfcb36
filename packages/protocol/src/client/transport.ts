import { SERVER_MESSAGES, type ServerMessageName } from '../socket-events.js';

/** What a transport reports; the table client decides what each means. */
export interface TransportListener {
  connect(): void;
  /** `reason` as socket.io gives it: `io server disconnect`, `transport close`, … */
  disconnect(reason: string): void;
  /** The handshake failed; `data` is the server's refusal when it made one (P0). */
  connectError(error: { message: string; data?: unknown }): void;
  /** A server message, not yet parsed. */
  message(name: ServerMessageName, payload: unknown): void;
}

/**
 * The one thing the table client needs from a network: open, close, ask with a deadline and
 * be told what arrives. The client never reconnects through the transport's own machinery:
 * it calls `connect()` again itself, so every kind of stop is handled the same way.
 */
export interface TableTransport {
  readonly connected: boolean;
  listen(listener: TransportListener): void;
  connect(): void;
  disconnect(): void;
  /** Sends a command; resolves with the raw acknowledgement, rejects after `timeoutMs`. */
  request(name: string, payload: unknown, timeoutMs: number): Promise<unknown>;
  /**
   * P13.7: connects again naming `node` to the proxy; false (and nothing done) when that node
   * is named already: a proxy that could not honour it must not make the client go round.
   */
  retarget?(node: string): boolean;
}

/**
 * The part of a socket.io-client `Socket` the adapter uses. The protocol package does not
 * import socket.io-client: the caller makes the socket (`io(url, { autoConnect: false,
 * reconnection: false, … })`) and hands it in, so the server never loads a browser client.
 */
export interface SocketIoLike {
  readonly connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  /** The socket's manager: its query is read again by every new connection it opens. */
  readonly io?: { opts: { query?: Record<string, unknown> } };
}

function forgetNode(socket: SocketIoLike): void {
  const opts = socket.io?.opts;
  if (opts?.query?.node === undefined) return;
  const { node: _node, ...query } = opts.query;
  opts.query = query;
}

export function socketIoTransport(socket: SocketIoLike): TableTransport {
  return {
    get connected() {
      return socket.connected;
    },
    listen(listener) {
      socket.on('connect', () => listener.connect());
      socket.on('disconnect', (reason: string) => {
        // P13.7: a node is named for the move a hint asked for, not for good. After a drop the
        // socket is placed by its table again: that node may be gone, and the one it reaches
        // says where the table is; still naming it, a later hint to it would go unheeded.
        if (reason !== 'io client disconnect') forgetNode(socket);
        listener.disconnect(reason);
      });
      socket.on('connect_error', (error: Error & { data?: unknown }) =>
        listener.connectError(error),
      );
      for (const name of Object.keys(SERVER_MESSAGES) as ServerMessageName[]) {
        socket.on(name, (payload: unknown) => listener.message(name, payload));
      }
    },
    connect: () => void socket.connect(),
    disconnect: () => void socket.disconnect(),
    request: (name, payload, timeoutMs) => socket.timeout(timeoutMs).emitWithAck(name, payload),
    retarget(node) {
      const opts = socket.io?.opts;
      if (!opts || opts.query?.node === node) return false;
      opts.query = { ...opts.query, node };
      socket.disconnect();
      socket.connect();
      return true;
    },
  };
}
