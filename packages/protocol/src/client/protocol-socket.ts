import { ACKS, type Ack, type CommandName } from '../commands.js';
import { connectRefusalSchema, SESSION_ENDED, TABLE_OWNER } from '../handshake.js';
import {
  SERVER_MESSAGES,
  type CommandInput,
  type ServerMessage,
  type ServerMessageName,
} from '../socket-events.js';
import { backoffDelay, type Backoff } from './backoff.js';
import { realTimers, type Timers } from './timers.js';
import type { TableTransport } from './transport.js';

/** Answers the client makes itself, for commands the server never answered readably. */
export type ClientFailureCode = 'OFFLINE' | 'NO_ANSWER' | 'UNREADABLE';
export interface ClientFailure {
  ok: false;
  code: ClientFailureCode;
  message: string;
}
export type SendResult<N extends CommandName> = Ack<N> | ClientFailure;

export type SocketStatus = 'connecting' | 'live' | 'reconnecting' | 'refused' | 'closed';
export interface Refusal {
  code: string;
  message: string;
}

/** Handshake refusals worth trying again later: the server is busy, not saying no. */
const PASSING_REFUSALS = new Set(['RATE_LIMITED', 'TOO_MANY_CONNECTIONS', 'TABLE_CLOSING']);

export interface ProtocolSocketOptions {
  /** How long a command waits for its acknowledgement. */
  ackTimeoutMs?: number;
  /** Reconnect by itself after any stop, with growing, jittered waits; false: never. */
  reconnect?: Backoff | false;
  timers?: Timers;
  random?: () => number;
  /** A message that failed its schema (it is dropped; the table client resyncs). */
  onUnreadable?: (name: string, error: unknown) => void;
}

type Handler<N extends ServerMessageName> = (message: ServerMessage<N>) => void;

/**
 * A socket that speaks the protocol: every server message parsed with its schema before any
 * handler sees it, every acknowledgement parsed with its command's, and a connection that
 * comes back by itself after any stop, `io server disconnect` included (P7.3), unless the
 * server refused it for good (a bad token, an old client, an ended session).
 */
export class ProtocolSocket {
  private state: SocketStatus = 'connecting';
  private refusal: Refusal | null = null;
  private attempt = 0;
  private retry: unknown = null;
  private readonly handlers = new Map<ServerMessageName, Set<(message: never) => void>>();
  private readonly statusHandlers = new Set<
    (status: SocketStatus, refusal: Refusal | null) => void
  >();
  private readonly connectHandlers = new Set<() => void>();
  /** Commands sent and not answered yet: a move to another node waits for them (P13.7). */
  private inFlight = 0;
  /** P13.7: the node a `table.owner` named, kept until nothing is in flight to lose. */
  private owner: string | null = null;
  /** True while the transport moves to another node: it connects again by itself. */
  private moving = false;
  private readonly ackTimeoutMs: number;
  private readonly timers: Timers;
  private readonly random: () => number;

  constructor(
    private readonly transport: TableTransport,
    private readonly options: ProtocolSocketOptions = {},
  ) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 6_000;
    this.timers = options.timers ?? realTimers;
    this.random = options.random ?? Math.random;
    transport.listen({
      connect: () => {
        this.attempt = 0;
        this.setStatus('live', null);
        for (const handler of [...this.connectHandlers]) handler();
      },
      disconnect: () => {
        if (this.state === 'closed' || this.state === 'refused') return;
        // A hint is about the node it came from: wherever the socket lands next says its own.
        this.owner = null;
        this.setStatus('reconnecting', null);
        // A move is already connecting: one more attempt would open a second session on it.
        if (!this.moving) this.scheduleReconnect();
      },
      connectError: (error) => {
        if (this.state === 'closed') return;
        const refusal = connectRefusalSchema.safeParse(error.data);
        if (refusal.success && !PASSING_REFUSALS.has(refusal.data.code)) {
          this.refuse({ code: refusal.data.code, message: refusal.data.message });
          return;
        }
        this.setStatus('reconnecting', null);
        this.scheduleReconnect();
      },
      message: (name, payload) => this.receive(name, payload),
    });
    this.on(SESSION_ENDED, (ended) => this.refuse({ code: ended.code, message: ended.message }));
    // P13.7: the table runs on another node: go there (the table client resyncs on arrival),
    // once the commands in flight are answered: their acks would be lost with this connection.
    this.on(TABLE_OWNER, (owner) => {
      if (this.state !== 'live') return;
      this.owner = owner.node;
      this.follow();
    });
  }

  get status(): SocketStatus {
    return this.state;
  }

  get connected(): boolean {
    return this.transport.connected;
  }

  /** Opens the connection (once; later reconnects are the socket's own business). */
  open(): this {
    this.transport.connect();
    return this;
  }

  /** Resolves once connected, or rejects when the server refuses the connection for good. */
  ready(): Promise<void> {
    if (this.state === 'live' && this.transport.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.onStatus((status, refusal) => {
        if (status === 'live') {
          off();
          resolve();
        } else if (
          status === 'refused' ||
          status === 'closed' ||
          // Without reconnecting, a failed attempt is the end of it.
          (status === 'reconnecting' && this.options.reconnect === false)
        ) {
          off();
          reject(
            new Error(`connection ${status}: ${refusal?.code ?? ''} ${refusal?.message ?? ''}`),
          );
        }
      });
    });
  }

  on<N extends ServerMessageName>(name: N, handler: Handler<N>): () => void {
    const set = this.handlers.get(name) ?? new Set();
    this.handlers.set(name, set);
    set.add(handler as (message: never) => void);
    return () => set.delete(handler as (message: never) => void);
  }

  onStatus(handler: (status: SocketStatus, refusal: Refusal | null) => void): () => void {
    this.statusHandlers.add(handler);
    return () => this.statusHandlers.delete(handler);
  }

  /** Called on every (re)connection, before anything else is sent on it. */
  onConnect(handler: () => void): () => void {
    this.connectHandlers.add(handler);
    return () => this.connectHandlers.delete(handler);
  }

  /** Sends a command; the answer is its parsed acknowledgement or a failure the client made. */
  async send<N extends CommandName>(name: N, payload: CommandInput<N>): Promise<SendResult<N>> {
    if (!this.transport.connected) return { ok: false, code: 'OFFLINE', message: 'not connected' };
    let raw: unknown;
    this.inFlight++;
    try {
      raw = await this.transport.request(name, payload, this.ackTimeoutMs);
    } catch {
      return { ok: false, code: 'NO_ANSWER', message: `no answer to ${name}` };
    } finally {
      this.inFlight--;
      this.follow();
    }
    const parsed = ACKS[name].safeParse(raw);
    if (!parsed.success) {
      this.options.onUnreadable?.(name, parsed.error);
      return { ok: false, code: 'UNREADABLE', message: `unreadable answer to ${name}` };
    }
    return parsed.data as Ack<N>;
  }

  /** For tools and tests: the acknowledgement, or an error when none readable came. */
  async request<N extends CommandName>(name: N, payload: CommandInput<N>): Promise<Ack<N>> {
    const answer = await this.send(name, payload);
    if (
      !answer.ok &&
      (answer.code === 'OFFLINE' || answer.code === 'NO_ANSWER' || answer.code === 'UNREADABLE')
    ) {
      throw new Error(`${name}: ${answer.code} (${answer.message})`);
    }
    return answer as Ack<N>;
  }

  close(): void {
    this.setStatus('closed', null);
    this.cancelRetry();
    this.transport.disconnect();
  }

  private receive(name: ServerMessageName, payload: unknown): void {
    const parsed = SERVER_MESSAGES[name].safeParse(payload);
    if (!parsed.success) {
      this.options.onUnreadable?.(name, parsed.error);
      return;
    }
    for (const handler of [...(this.handlers.get(name) ?? [])]) {
      (handler as (message: unknown) => void)(parsed.data);
    }
  }

  /** Moves to the node a hint named, if one is waiting and no command would lose its ack. */
  private follow(): void {
    const node = this.owner;
    if (node === null || this.inFlight > 0 || this.state !== 'live') return;
    this.owner = null;
    this.moving = true;
    try {
      this.transport.retarget?.(node);
    } finally {
      this.moving = false;
    }
  }

  private refuse(refusal: Refusal): void {
    this.cancelRetry();
    this.setStatus('refused', refusal);
    this.transport.disconnect();
  }

  private scheduleReconnect(): void {
    const backoff = this.options.reconnect;
    if (backoff === false || this.retry !== null) return;
    const delay = backoffDelay(this.attempt++, backoff, this.random);
    this.retry = this.timers.setTimeout(() => {
      this.retry = null;
      if (this.state === 'reconnecting' && !this.transport.connected) this.transport.connect();
    }, delay);
  }

  private cancelRetry(): void {
    if (this.retry !== null) this.timers.clearTimeout(this.retry);
    this.retry = null;
  }

  private setStatus(status: SocketStatus, refusal: Refusal | null): void {
    if (this.state === status && this.refusal === refusal) return;
    this.state = status;
    this.refusal = refusal;
    for (const handler of [...this.statusHandlers]) handler(status, refusal);
  }
}
