import { describe, expect, it } from 'vitest';
import { socketIoTransport, type SocketIoLike, type TransportListener } from './transport.js';

/** The part of a socket.io-client socket the adapter touches, driven by the test. */
function fakeSocket() {
  const handlers = new Map<string, (...args: never[]) => void>();
  let connected = false;
  const socket = {
    io: { opts: { query: { table: 'main' } as Record<string, unknown> } },
    get connected() {
      return connected;
    },
    connects: 0,
    connect() {
      socket.connects++;
    },
    // As socket.io-client: a client disconnect says so to its own listeners at once.
    disconnect() {
      if (connected) socket.fire('disconnect', 'io client disconnect');
    },
    on(event: string, listener: (...args: never[]) => void) {
      handlers.set(event, listener);
    },
    timeout: () => ({ emitWithAck: () => Promise.resolve(undefined) }),
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') connected = true;
      if (event === 'disconnect') connected = false;
      (handlers.get(event) as ((...a: unknown[]) => void) | undefined)?.(...args);
    },
  };
  return socket satisfies SocketIoLike;
}

const listener: TransportListener = {
  connect: () => undefined,
  disconnect: () => undefined,
  connectError: () => undefined,
  message: () => undefined,
};

describe('the socket.io transport names the node a hint asked for (P13.7)', () => {
  it('P13.7: a move names the node and connects again; a hint for the node named already does nothing', () => {
    const socket = fakeSocket();
    const transport = socketIoTransport(socket);
    transport.listen(listener);
    socket.fire('connect');
    expect(transport.retarget!('node-b')).toBe(true);
    expect(socket.io.opts.query).toEqual({ table: 'main', node: 'node-b' });
    expect(socket.connects).toBe(1);
    socket.fire('connect');
    expect(transport.retarget!('node-b')).toBe(false);
    expect(socket.connects).toBe(1);
  });

  it('P13.7 T13.10: after a drop (its node killed) it connects by the table alone, so a later hint to that node, back, is followed', () => {
    const socket = fakeSocket();
    const transport = socketIoTransport(socket);
    transport.listen(listener);
    socket.fire('connect');
    transport.retarget!('node-b');
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    expect(socket.io.opts.query).toEqual({ table: 'main' });
    // Placed by the hash on another node, which later hands the table back to node-b.
    transport.connect();
    socket.fire('connect');
    expect(transport.retarget!('node-b')).toBe(true);
    expect(socket.io.opts.query).toEqual({ table: 'main', node: 'node-b' });
  });
});
