import {
  ACKS,
  cardsPeekMessage,
  connectRefusalSchema,
  PROTOCOL_VERSION,
  SESSION_ENDED,
  sessionEndedSchema,
  TABLE_EVENT,
  TABLE_PRIVATE,
  tableEventSchema,
  type Ack,
  type CommandName,
  type CommandPayload,
} from '@banco/protocol';
import { io, type Socket } from 'socket.io-client';
import type { ClientCode } from '../lib/words';
import type { TableStore } from '../store/table-store';

/** How long a command waits for its acknowledgement before the player is told. */
const ACK_TIMEOUT_MS = 6_000;
/** An ack names the version its command produced; if that event has not come by then, resync. */
const MISSING_EVENT_MS = 1_500;

export type CommandResult<N extends CommandName> =
  Ack<N> | { ok: false; code: ClientCode | 'INTERNAL'; message: string };

export interface TableConnection {
  send<N extends CommandName>(name: N, payload: CommandPayload<N>): Promise<CommandResult<N>>;
  close(): void;
}

export interface ConnectOptions {
  origin: string;
  token: string;
  tableId: string;
  store: TableStore;
  /** Called when the server refuses the handshake (unknown token, old client). */
  onRefused?: (code: string) => void;
}

/**
 * The typed socket layer: every message from the server is parsed with its protocol schema
 * before the store sees it, versions are followed, and any gap, missing event or reconnect
 * is repaired with a snapshot (P1.2).
 */
export function connectTable(options: ConnectOptions): TableConnection {
  const { store, tableId } = options;
  const socket: Socket = io(options.origin, {
    transports: ['websocket'],
    auth: { token: options.token, protocolVersion: PROTOCOL_VERSION },
  });
  let resyncing = false;
  let closed = false;

  const send = async <N extends CommandName>(
    name: N,
    payload: CommandPayload<N>,
  ): Promise<CommandResult<N>> => {
    if (!socket.connected) {
      return { ok: false, code: 'OFFLINE', message: 'not connected' };
    }
    let raw: unknown;
    try {
      raw = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(name, payload);
    } catch {
      return { ok: false, code: 'NO_ANSWER', message: `no answer to ${name}` };
    }
    const parsed = ACKS[name].safeParse(raw);
    if (!parsed.success) {
      console.error(`banco: unreadable ${name} ack`, parsed.error);
      return { ok: false, code: 'INTERNAL', message: 'unreadable answer' };
    }
    const ack = parsed.data as Ack<N>;
    if (ack.ok && 'version' in ack && typeof ack.version === 'number') {
      const expected = ack.version;
      setTimeout(() => {
        if (!closed && store.get().version < expected) void resync();
      }, MISSING_EVENT_MS);
    }
    return ack;
  };

  const resync = async (): Promise<void> => {
    if (resyncing || closed) return;
    resyncing = true;
    try {
      const ack = await send('table.snapshot', { tableId });
      if (ack.ok) store.snapshot(ack.snapshot);
      else if (ack.code === 'NOT_AT_TABLE') await join();
    } finally {
      resyncing = false;
    }
    // A snapshot taken before the gap's far side leaves the gap open: ask again shortly.
    if (!closed && store.get().needsSnapshot) setTimeout(() => void resync(), 300);
  };

  const join = async (): Promise<void> => {
    const ack = await send('table.join', { tableId });
    if (ack.ok) {
      store.snapshot(ack.snapshot);
      store.connection('live');
    } else {
      store.connection('refused', { code: ack.code, message: ack.message });
    }
  };

  socket.on('connect', () => {
    // A fresh socket has joined nothing yet: join (again) and take the snapshot it answers with.
    void join();
  });
  socket.on('disconnect', () => {
    if (!closed) store.connection('reconnecting');
  });
  socket.on('connect_error', (error: Error & { data?: unknown }) => {
    const refusal = connectRefusalSchema.safeParse(error.data);
    if (refusal.success) {
      store.connection('refused', { code: refusal.data.code, message: refusal.data.message });
      options.onRefused?.(refusal.data.code);
      socket.disconnect();
    } else {
      store.connection('reconnecting');
    }
  });
  // P10.5: a logout (here or on every device) ends the session: this token will not come back.
  socket.on(SESSION_ENDED, (raw: unknown) => {
    const ended = sessionEndedSchema.safeParse(raw);
    if (!ended.success) return;
    closed = true;
    store.connection('refused', { code: ended.data.code, message: ended.data.message });
    options.onRefused?.(ended.data.code);
  });
  socket.on(TABLE_EVENT, (raw: unknown) => {
    const parsed = tableEventSchema.safeParse(raw);
    if (!parsed.success) {
      // An event we cannot read is an event we missed.
      console.error('banco: unreadable table event', parsed.error);
      void resync();
      return;
    }
    if (store.event(parsed.data)) void resync();
  });
  socket.on(TABLE_PRIVATE, (raw: unknown) => {
    const parsed = cardsPeekMessage.safeParse(raw);
    if (parsed.success) store.peek(parsed.data);
    else console.error('banco: unreadable private message', parsed.error);
  });

  return {
    send,
    close() {
      closed = true;
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
