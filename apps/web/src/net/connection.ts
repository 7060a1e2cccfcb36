import {
  PROTOCOL_VERSION,
  ProtocolSocket,
  socketIoTransport,
  TableClient,
  type CommandInput,
  type CommandName,
  type SendResult,
} from '@banco/protocol';
import { io } from 'socket.io-client';
import { narrate, narrateSnapshot } from '../store/narrator';
import type { TableStore } from '../store/table-store';

export type CommandResult<N extends CommandName> = SendResult<N>;

export interface TableConnection {
  send<N extends CommandName>(name: N, payload: CommandInput<N>): Promise<CommandResult<N>>;
  close(): void;
}

export interface ConnectOptions {
  origin: string;
  token: string;
  tableId: string;
  store: TableStore;
  /** Called when the server refuses the connection for good (unknown token, old client). */
  onRefused?: (code: string) => void;
}

/**
 * The page's end of the table client (@banco/protocol): a socket.io socket that never
 * reconnects by itself (the client does, after any stop), feeding the store in version order.
 */
export function connectTable(options: ConnectOptions): TableConnection {
  const { store, tableId } = options;
  const socket = new ProtocolSocket(
    socketIoTransport(
      io(options.origin, {
        transports: ['websocket'],
        // P13.7: the proxy puts a table's players on the node that runs it (docs/scaling.md).
        query: { table: tableId },
        auth: { token: options.token, protocolVersion: PROTOCOL_VERSION },
        autoConnect: false,
        reconnection: false,
      }),
    ),
    { onUnreadable: (name, error) => console.error(`banco: unreadable ${name}`, error) },
  );
  socket.onStatus((status, refusal) => {
    if (status === 'refused' && refusal) options.onRefused?.(refusal.code);
  });
  const client = new TableClient({
    socket,
    tableId,
    sink: {
      // The narrator tells each from the table as it was just before.
      snapshot: (snapshot) => {
        store.snapshot(snapshot, narrateSnapshot(store.get(), snapshot));
        store.connection('live');
      },
      event: (event) => store.event(event, narrate(store.get(), event)),
      peek: (peek) => store.peek(peek),
      cheminCards: (cards) => store.cheminCards(cards),
      // A game's own private messages are kept by type for its screen (store/slices/game.ts).
      banqueCards: (cards) => store.gamePrivate(cards),
      evening: (you) => store.evening(you),
      status: (status, refusal) => {
        if (status === 'closed') return;
        // Live once the table answered: the snapshot or the resync says so, not the socket.
        if (status === 'live') return;
        store.connection(status, refusal);
      },
      you: () => store.connection('live'),
    },
  });
  socket.open();
  return {
    send: (name, payload) => client.send(name, payload),
    close() {
      client.close();
      socket.close();
    },
  };
}
