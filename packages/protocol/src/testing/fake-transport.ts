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
