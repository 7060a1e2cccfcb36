import type { ServerMessageName } from '../socket-events.js';
import type { TableTransport, TransportListener } from '../client/transport.js';

export interface SentCommand {
  name: string;
  payload: unknown;
  answer(ack: unknown): void;
  /** The ack never comes: the request times out. */
  lose(): void;
}

/**
 * A transport the test plays the server on: it sees each command (and answers it when it
 * likes), connects and drops the socket, and sends messages, raw, as a server would.
 */
export class FakeTransport implements TableTransport {
  connected = false;
  connects = 0;
  /** The node the URL names (P13.7), as socketIoTransport keeps it in the socket's query. */
  node: string | null = null;
  readonly sent: SentCommand[] = [];
  private listener: TransportListener | null = null;

  listen(listener: TransportListener): void {
    this.listener = listener;
  }

  connect(): void {
    this.connects++;
  }

  disconnect(): void {
    this.connected = false;
  }

  /** As socketIoTransport: the old connection closes (its acks lost) and a new one opens. */
  retarget(node: string): boolean {
    if (this.node === node) return false;
    this.node = node;
    this.lose('io client disconnect');
    this.connect();
    return true;
  }

  request(name: string, payload: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.sent.push({
        name,
        payload,
        answer: resolve,
        lose: () => reject(new Error('operation has timed out')),
      });
    });
  }

  /** The server accepts the connection attempt in progress. */
  accept(): void {
    this.connected = true;
    this.listener!.connect();
  }

  refuse(data?: unknown): void {
    this.listener!.connectError({ message: 'refused', data });
  }

  drop(reason = 'transport close'): void {
    this.connected = false;
    this.listener!.disconnect(reason);
  }

  /** The connection ends: socket.io fails every ack still awaited on it, after `disconnect`. */
  private lose(reason: string): void {
    this.drop(reason);
    for (const command of this.sent.splice(0)) command.lose();
  }

  emit(name: ServerMessageName, payload: unknown): void {
    this.listener!.message(name, payload);
  }

  /** The oldest command of this name not yet answered. */
  take(name: string): SentCommand {
    const index = this.sent.findIndex((c) => c.name === name);
    if (index < 0) throw new Error(`no ${name} was sent (sent: ${this.sent.map((c) => c.name)})`);
    return this.sent.splice(index, 1)[0]!;
  }
}
