/**
 * The bench's cheap bot connection: `ProtocolSocket`'s surface over a `TableTransport`, with
 * no schema parsing and no reconnecting. The load bench puts a real `ProtocolSocket` on one
 * player of every table, so every kind of message the server sends is still parsed with its
 * schema in every run; the other players take the payload as it came (it is the same
 * broadcast, byte for byte) and spend their CPU on nothing but reading it.
 */
import type {
  Ack,
  CommandInput,
  CommandName,
  ProtocolSocketOptions,
  SendResult,
  ServerMessage,
  ServerMessageName,
  SocketStatus,
  TableTransport,
} from '@banco/protocol';

type Handler = (message: never) => void;

export class TrustingSocket {
  private readonly handlers = new Map<ServerMessageName, Handler[]>();
  private readonly statusHandlers = new Set<(status: SocketStatus, refusal: null) => void>();
  private readonly ackTimeoutMs: number;
  private closed = false;

  constructor(
    private readonly transport: TableTransport,
    options: Pick<ProtocolSocketOptions, 'ackTimeoutMs'> = {},
  ) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 6_000;
    transport.listen({
      connect: () => this.setStatus('live'),
      disconnect: () => {
        if (!this.closed) this.setStatus('reconnecting');
      },
      connectError: () => this.setStatus('reconnecting'),
      message: (name, payload) => {
        for (const handler of this.handlers.get(name) ?? []) handler(payload as never);
      },
    });
  }

  open(): this {
    this.transport.connect();
    return this;
  }

  ready(): Promise<void> {
    if (this.transport.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.onStatus((status) => {
        off();
        if (status === 'live') resolve();
        else reject(new Error(`connection ${status}`));
      });
    });
  }

  on<N extends ServerMessageName>(
    name: N,
    handler: (message: ServerMessage<N>) => void,
  ): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler);
    this.handlers.set(name, list);
    return () => list.splice(list.indexOf(handler as Handler), 1);
  }

  onStatus(handler: (status: SocketStatus, refusal: null) => void): () => void {
    this.statusHandlers.add(handler);
    return () => this.statusHandlers.delete(handler);
  }

  async send<N extends CommandName>(name: N, payload: CommandInput<N>): Promise<SendResult<N>> {
    if (!this.transport.connected) return { ok: false, code: 'OFFLINE', message: 'not connected' };
    try {
      return (await this.transport.request(name, payload, this.ackTimeoutMs)) as Ack<N>;
    } catch {
      return { ok: false, code: 'NO_ANSWER', message: `no answer to ${name}` };
    }
  }

  close(): void {
    this.closed = true;
    this.setStatus('closed');
    this.transport.disconnect();
  }

  private setStatus(status: SocketStatus): void {
    for (const handler of [...this.statusHandlers]) handler(status, null);
  }
}
