/**
 * A socket.io client for the load bench that costs the bots as little as it can: engine.io v4's
 * websocket transport and socket.io v5's text packets spoken straight over `ws`, the same
 * WebSocket library socket.io-client runs on in Node. No Manager, no Emitter chain, no
 * reconnection machinery, no per-packet object: a frame is one `JSON.parse`. It implements the
 * protocol package's `TableTransport`, so a bot can still put a `ProtocolSocket` (every message
 * parsed with its schema) on top of it, or read the raw payloads where it only counts.
 *
 * The server sees exactly what socket.io-client would send: the websocket upgrade on
 * `/socket.io/?EIO=4&transport=websocket`, the CONNECT packet with the `auth` payload, events
 * with ack ids, pongs to its pings. Binary packets are not spoken: the protocol has none.
 */
import { createRequire } from 'node:module';
import {
  TABLE_EVENT,
  type ServerMessageName,
  type TableTransport,
  type TransportListener,
} from '@banco/protocol';

/** The part of `ws`'s client the transport uses. */
interface WsLike {
  readonly readyState: number;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
  terminate(): void;
}
type WsConstructor = new (
  url: string,
  options: { localAddress?: string; skipUTF8Validation?: boolean; perMessageDeflate?: boolean },
) => WsLike;

// socket.io-client's own WebSocket library, from its dependency tree: the bench adds no package
// and speaks through the very code the full client would.
const requireFromClient = createRequire(createRequire(import.meta.url).resolve('socket.io-client'));
const requireFromEngine = createRequire(requireFromClient.resolve('engine.io-client'));
const WebSocket = requireFromEngine('ws') as WsConstructor;

const OPEN = 1;

export interface LeanOptions {
  url: string;
  auth: Record<string, unknown>;
  localAddress?: string;
  /**
   * For a reader that trusts the server: the table events it reads beyond their type and
   * version. Every other `table.event` is skimmed instead of parsed (`skimTableEvent`).
   */
  readWhole?: ReadonlySet<string>;
}

/** An engine.io message holding a socket.io EVENT for a table event, up to its type's value. */
const TABLE_EVENT_HEAD = `42["${TABLE_EVENT}",{"type":"`;
const VERSION_KEY = '"version":';
const AT_KEY = ',"at":';

/**
 * A table event's type, version and time read off the frame's two ends, without parsing the body
 * between them: most of a round's events are others' bets and cards that a bot only counts. The
 * server stamps every table event last with its table, version and time (P1.2: the body, then
 * `tableId, version, at`), so the top-level object's last two fields close the frame. Null when
 * the frame is not shaped so, or its type is one to read whole; the caller then parses it.
 */
export function skimTableEvent(
  text: string,
  readWhole: ReadonlySet<string>,
): { type: string; version: number; at: number } | null {
  if (!text.startsWith(TABLE_EVENT_HEAD) || !text.endsWith('}]')) return null;
  const type = text.slice(TABLE_EVENT_HEAD.length, text.indexOf('"', TABLE_EVENT_HEAD.length));
  if (readWhole.has(type)) return null;
  const versionAt = text.lastIndexOf(VERSION_KEY);
  const atAt = text.indexOf(AT_KEY, versionAt);
  if (versionAt < 0 || atAt < 0) return null;
  const version = Number(text.slice(versionAt + VERSION_KEY.length, atAt));
  const at = Number(text.slice(atAt + AT_KEY.length, -2));
  return Number.isInteger(version) && version > 0 && Number.isFinite(at)
    ? { type, version, at }
    : null;
}

export function leanTransport(options: LeanOptions): TableTransport {
  const wsUrl = `${options.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const connectPacket = `40${JSON.stringify(options.auth)}`;
  let ws: WsLike | null = null;
  let connected = false;
  let listener: TransportListener | null = null;
  let nextAckId = 0;
  const pending = new Map<number, { resolve(v: unknown): void; timer: NodeJS.Timeout }>();

  const failPending = () => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.resolve(NO_ANSWER);
    }
  };

  const onText = (text: string) => {
    switch (text.charCodeAt(0)) {
      case 0x32 /* '2' ping */:
        ws?.send('3');
        return;
      case 0x34 /* '4' message */:
        break;
      default:
        return; // '0' open (its pingInterval is the server's business), '6' noop
    }
    switch (text.charCodeAt(1)) {
      case 0x32 /* '2' EVENT */: {
        const skimmed = options.readWhole && skimTableEvent(text, options.readWhole);
        if (skimmed) {
          listener?.message(TABLE_EVENT, skimmed);
          return;
        }
        const [name, payload] = JSON.parse(text.slice(2)) as [ServerMessageName, unknown];
        listener?.message(name, payload);
        return;
      }
      case 0x33 /* '3' ACK */: {
        const bracket = text.indexOf('[', 2);
        const id = Number(text.slice(2, bracket));
        const waiting = pending.get(id);
        if (!waiting) return;
        pending.delete(id);
        clearTimeout(waiting.timer);
        waiting.resolve((JSON.parse(text.slice(bracket)) as unknown[])[0]);
        return;
      }
      case 0x30 /* '0' CONNECT */:
        connected = true;
        listener?.connect();
        return;
      case 0x34 /* '4' CONNECT_ERROR */: {
        const error = JSON.parse(text.slice(2)) as { message: string; data?: unknown };
        listener?.connectError(error);
        ws?.close();
        return;
      }
      case 0x31 /* '1' DISCONNECT */:
        ws?.close();
        return;
    }
  };

  return {
    get connected() {
      return connected;
    },
    listen(l) {
      listener = l;
    },
    connect() {
      const socket = new WebSocket(wsUrl, {
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        // The server's JSON is checked by the table's first player (ProtocolSocket); the
        // others need not validate its UTF-8 again. The server offers no compression.
        skipUTF8Validation: true,
        perMessageDeflate: false,
      });
      ws = socket;
      socket.on('message', (data, isBinary) => {
        if (!isBinary) onText(data.toString());
      });
      socket.on('error', (error) => {
        if (!connected) listener?.connectError({ message: error.message });
      });
      socket.on('close', () => {
        const was = connected;
        connected = false;
        ws = null;
        failPending();
        if (was) listener?.disconnect('transport close');
      });
      socket.on('open', () => socket.send(connectPacket));
    },
    disconnect() {
      if (!ws) return;
      const was = connected;
      connected = false;
      if (ws.readyState === OPEN) ws.send('41');
      ws.close();
      failPending();
      if (was) listener?.disconnect('io client disconnect');
    },
    request(name, payload, timeoutMs) {
      return new Promise((resolve, reject) => {
        if (!ws || !connected) return reject(new Error('not connected'));
        const id = nextAckId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${name}: no answer in ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (v) => (v === NO_ANSWER ? reject(new Error('closed')) : resolve(v)),
          timer,
        });
        ws.send(`42${id}${JSON.stringify([name, payload])}`);
      });
    },
  };
}

const NO_ANSWER = Symbol('no answer');
