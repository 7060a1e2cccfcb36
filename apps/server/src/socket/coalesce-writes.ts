import type { Socket as NetSocket } from 'node:net';

/** The parts of an engine.io connection this touches (engine.io 6: `socket.conn`). */
interface EngineConnection {
  flush(): void;
  readonly transport: { readonly name: string; readonly socket?: { readonly _socket?: NetSocket } };
}

/**
 * The connections with frames queued in this turn of the event loop, flushed by one
 * `process.nextTick` for all of them: a broadcast queues a frame on every socket of its table,
 * and a tick of its own for each was a cost paid once a socket a turn.
 */
let queued: (() => void)[] = [];

function flushQueued(): void {
  const now = queued;
  queued = [];
  let failure: { error: unknown } | null = null;
  for (const flush of now) {
    try {
      flush();
    } catch (error) {
      // The other connections still get their frames; the first failure is thrown after.
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

/**
 * Everything the server says to one socket in one turn of the event loop (a table step's events,
 * then the ack of the command that caused them) leaves in one TCP write.
 *
 * engine.io writes each packet as its own WebSocket frame, and each frame was its own `writev`
 * syscall: at 100 tables a fifth of the server's time (docs/performance-log.md). Here engine.io's
 * flush waits for the current tick's synchronous work and promise jobs to finish, then writes
 * every queued frame with the TCP socket corked, so the kernel gets them in one call. Frames,
 * their order and the protocol are unchanged; nothing waits for a timer.
 */
export function coalesceWrites(connection: unknown): void {
  const engine = connection as EngineConnection;
  const flushNow = engine.flush.bind(engine);
  let scheduled = false;
  const corkedFlush = () => {
    scheduled = false;
    const { transport } = engine;
    const tcp = transport.name === 'websocket' ? transport.socket?._socket : undefined;
    tcp?.cork();
    try {
      flushNow();
    } finally {
      tcp?.uncork();
    }
  };
  engine.flush = () => {
    if (scheduled) return;
    scheduled = true;
    if (queued.length === 0) process.nextTick(flushQueued);
    queued.push(corkedFlush);
  };
}
