import type { Page } from 'playwright-core';

/** One websocket the page opened: its URL (what it asked the proxy for) and what came on it. */
export interface PageSocket {
  url: string;
  closed: boolean;
  /** Every table version that came on it: in events, snapshots, resyncs and acks (P1.2). */
  versions: number[];
  /** The seats taken that it heard of, with their players (P1.2 `seat.taken`). */
  seated: { seat: number; playerId: string; name: string }[];
}

interface Heard {
  type?: string;
  version?: unknown;
  seat?: number;
  player?: { id: string; name: string };
}

/** The table events a socket.io text packet carries: an event (`42`), or a resync's in its ack. */
function eventsIn(name: unknown, body: Record<string, unknown>): Heard[] {
  if (name === 'table.event') return [body as Heard];
  if (name !== undefined) return [];
  return [...((body.events as Heard[] | null | undefined) ?? [])];
}

/** The versions an ack carries itself: a snapshot's, or the one it was answered at. */
function ackVersions(body: Record<string, unknown>): unknown[] {
  return [body.version, (body.snapshot as { version?: unknown } | null | undefined)?.version];
}

/**
 * The page's websockets as the browser sees them, read from the frames themselves: which
 * address each asked for (`?table=`, `?node=`, P13.7) and which table versions came on it. The
 * test learns what the page heard without a hook in the app.
 */
export function watchSockets(page: Page): PageSocket[] {
  const sockets: PageSocket[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    const socket: PageSocket = { url: ws.url(), closed: false, versions: [], seated: [] };
    sockets.push(socket);
    ws.on('close', () => (socket.closed = true));
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const packet = /^4([23])\d*(\[.*)$/s.exec(payload);
      if (!packet) return;
      const parts = JSON.parse(packet[2]!) as unknown[];
      // An event is [name, body]; an ack is [body].
      const [name, body] = packet[1] === '2' ? parts : [undefined, parts[0]];
      if (typeof body !== 'object' || body === null) return;
      const record = body as Record<string, unknown>;
      const events = eventsIn(name, record);
      const versions = [...events.map((e) => e.version), ...(name ? [] : ackVersions(record))];
      socket.versions.push(...versions.filter((v): v is number => typeof v === 'number'));
      for (const event of events) {
        if (event.type === 'seat.taken' && event.player) {
          const { id: playerId, name: playerName } = event.player;
          socket.seated.push({ seat: event.seat!, playerId, name: playerName });
        }
      }
    });
  });
  return sockets;
}

/** The highest table version any of the page's sockets heard. */
export function lastVersion(sockets: readonly PageSocket[]): number {
  return Math.max(0, ...sockets.flatMap((s) => s.versions));
}

/**
 * A timeline of the page's websocket attempts (opened, failed, closed) and the table commands it
 * sent, for a test's failure message: a page that never came back says how it tried.
 */
export function socketDiary(page: Page): () => string {
  const started = Date.now();
  const lines: string[] = [];
  const note = (what: string) =>
    lines.push(`${((Date.now() - started) / 1000).toFixed(2)} s ${what}`);
  page.on('websocket', (ws) => {
    note(`opened ${ws.url()}`);
    ws.on('socketerror', (error) => note(`failed: ${error}`));
    ws.on('close', () => note('closed'));
    ws.on('framesent', ({ payload }) => {
      const command = typeof payload === 'string' && /^42\d*\["([^"]+)"/.exec(payload)?.[1];
      if (command) note(`sent ${command}`);
    });
  });
  return () => lines.join('\n');
}
