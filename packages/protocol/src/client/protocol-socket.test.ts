import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeTransport } from '../testing/fake-transport.js';
import { ProtocolSocket } from './protocol-socket.js';

const owner = (node: string) => ({ tableId: 'main', node });
const seated = { ok: true, version: 2, seat: 1, balance: 100_000 };

/** A socket connected (live) on a transport the test plays the server on. */
function live() {
  const transport = new FakeTransport();
  const socket = new ProtocolSocket(transport, { random: () => 0.5 }).open();
  const statuses: string[] = [];
  socket.onStatus((status) => statuses.push(status));
  transport.accept();
  statuses.length = 0;
  return { transport, socket, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('following a table to the node that runs it (P13.7)', () => {
  it('P13.7: told while a command is in flight, it moves once that command is answered: the ack is not lost', async () => {
    const { transport, socket } = live();
    const sit = socket.send('seat.take', { tableId: 'main', seat: 1 });
    transport.emit('table.owner', owner('node-b'));
    // Moving now would end the connection the seat's ack is coming on.
    expect(transport.node).toBeNull();
    expect(transport.connects).toBe(1);

    transport.take('seat.take').answer(seated);
    expect(await sit).toEqual(seated);
    expect(transport.node).toBe('node-b');
    expect(transport.connects).toBe(2);
  });

  it('P13.7: a move is one connection attempt: the backoff does not open a second while it is opening', async () => {
    const { transport, socket, statuses } = live();
    transport.emit('table.owner', owner('node-b'));
    expect(transport.connects).toBe(2);
    expect(statuses).toEqual(['reconnecting']);
    // Through a proxy the new connection may take longer than the first backoff step.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(transport.connects).toBe(2);
    transport.accept();
    expect(socket.status).toBe('live');

    // A move that fails is retried like any other connection.
    transport.emit('table.owner', owner('node-c'));
    transport.refuse();
    await vi.advanceTimersByTimeAsync(300);
    expect(transport.connects).toBe(4);
  });

  it('P13.7: a hint lost with its connection is not followed later, and one for the node named already does nothing', async () => {
    const { transport, socket } = live();
    const sit = socket.send('seat.take', { tableId: 'main', seat: 1 });
    transport.emit('table.owner', owner('node-b'));
    // The connection drops before the ack: the next node will say where the table is.
    transport.drop();
    transport.take('seat.take').lose();
    expect(await sit).toMatchObject({ ok: false, code: 'NO_ANSWER' });
    await vi.advanceTimersByTimeAsync(300);
    transport.accept();
    expect(transport.node).toBeNull();

    transport.emit('table.owner', owner('node-b'));
    expect(transport.node).toBe('node-b');
    const connects = transport.connects;
    transport.accept();
    transport.emit('table.owner', owner('node-b'));
    expect(transport.connects).toBe(connects);
    expect(socket.status).toBe('live');
  });
});
