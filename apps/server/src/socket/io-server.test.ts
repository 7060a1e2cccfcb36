import { TABLE_EVENT } from '@banco/protocol';
import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { encodeWithoutBinaryScan } from './io-server.js';

/** socket.io-parser's packet types (EVENT 2, ACK 3, CONNECT 0), as on the wire. */
const EVENT = 2;
const ACK = 3;
const CONNECT = 0;

describe('the outgoing encoder without the binary scan', () => {
  // A table event, an ack and a connect: the packets a Banco server sends.
  const packets = [
    {
      type: EVENT,
      nsp: '/',
      data: [
        TABLE_EVENT,
        {
          type: 'bets.confirmed',
          tableId: 'main-1',
          version: 41,
          at: 1_765_000_000_000,
          round: 7,
          seat: 3,
          bets: [{ spot: 'banker', amount: 25 }],
          balance: 975,
          note: 'é "quoted" \u2028 line',
          gone: undefined,
          empty: null,
        },
      ],
    },
    { type: ACK, nsp: '/', id: 12, data: [{ ok: true, version: 42 }] },
    { type: EVENT, nsp: '/', id: 3, data: ['table.private', { type: 'cards.peek', cards: [] }] },
    { type: CONNECT, nsp: '/', data: { sid: 'abc' } },
  ];

  it('writes what socket.io-parser writes for packets without binary (the wire is unchanged)', () => {
    // Attached to no HTTP server: nothing to close.
    const plain = new Server();
    const ours = new Server();
    encodeWithoutBinaryScan(ours);
    for (const packet of packets) {
      expect(ours.encoder.encode(structuredClone(packet))).toEqual(
        plain.encoder.encode(structuredClone(packet)),
      );
    }
    expect(ours.encoder.encode(structuredClone(packets[0]!))).toHaveLength(1);
  });
});
