/**
 * TEST_SCRIPTED_SHOE (test only, off by default): the real server deals a given card order, so
 * browser tests can make a Player win happen when they need one.
 */
import type { TableEvent } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainTable } from '../banco.js';
import { BURN, ROUNDS, scriptedShoe } from '../table/testing/scripted-shoes.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const CARDS: CardCode[] = scriptedShoe([ROUNDS.playerWin, ROUNDS.tie]);

describe('mainTable with a scripted shoe', () => {
  let server: TestBanco;
  let ann: TestClient;

  beforeAll(async () => {
    server = await startTestBanco([mainTable('fast', CARDS)]);
    ann = await TestClient.connect(server.url, 'Ann');
  });
  afterAll(async () => {
    ann?.close();
    await server?.close();
  });

  it('burns and deals the scripted cards in order (T7.2, R3.1)', async () => {
    const results = new Promise<TableEvent[]>((resolve) => {
      const seen: TableEvent[] = [];
      ann.socket.on('table.event', (event: TableEvent) => {
        if (event.type === 'round.result') seen.push(event);
        if (event.type === 'betting.opened') {
          void ann.send('bets.none', { tableId: 'main', round: event.round, seat: 1 });
        }
        if (seen.length === 2) resolve(seen);
      });
    });
    expect((await ann.send('table.join', { tableId: 'main' })).ok).toBe(true);
    expect((await ann.send('seat.take', { tableId: 'main', seat: 1 })).ok).toBe(true);
    const burned = await ann.next((e) => e.type === 'shoe.burned');
    expect(burned).toMatchObject({ shown: BURN[0], burned: 1 });
    const [first, second] = (await results) as Extract<TableEvent, { type: 'round.result' }>[];
    expect(first).toMatchObject({ outcome: 'player' });
    expect([...first!.player.cards, ...first!.banker.cards].sort()).toEqual(
      [...ROUNDS.playerWin].sort(),
    );
    expect(second).toMatchObject({ outcome: 'tie' });
  });

  it('is refused at startup when the cards are not a shoe the table can deal', () => {
    expect(() => mainTable('fast', ['AS'])).toThrow(/TEST_SCRIPTED_SHOE/);
  });
});
