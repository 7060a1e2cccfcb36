import { PROTOCOL_VERSION, type TableEvent } from '@banco/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainTable } from '../banco.js';
import { startTestBanco, type TestBanco } from '../testing/test-banco.js';

describe('the minimal bot of docs/protocol.md at TABLE_TIMINGS=fast (P6)', () => {
  let server: TestBanco;

  beforeAll(async () => {
    server = await startTestBanco([mainTable('fast')]);
  });
  afterAll(async () => server?.close());

  it('P6 T2.1: lands its bets, deals and reveals within the fast windows', async () => {
    // The bot of P6, as written there, with a tally of its acknowledgements.
    const url = server.url;
    const acks: { name: string; round: number; ok: boolean; code?: string }[] = [];
    const guest = (await (
      await fetch(`${url}/api/guests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bot' }),
      })
    ).json()) as { token: string; player: { id: string } };
    const socket = io(url, {
      transports: ['websocket'],
      auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
      reconnection: false,
    });
    const ack = async (name: string, payload: { round?: number; [field: string]: unknown }) => {
      const answer = (await socket.timeout(5000).emitWithAck(name, payload)) as {
        ok: boolean;
        code?: string;
      };
      acks.push({ name, round: payload.round ?? 0, ok: answer.ok, code: answer.code });
      return answer;
    };
    let seat: number | null = null;
    const results: TableEvent[] = [];

    socket.on('connect', async () => {
      await ack('table.join', { tableId: 'main' });
      for (let s = 1; s <= 14; s++) {
        if ((await ack('seat.take', { tableId: 'main', seat: s })).ok) break;
      }
    });
    socket.on('table.event', async (event: TableEvent) => {
      if (event.type === 'round.result') results.push(event);
      if (event.type === 'seat.taken' && event.player.id === guest.player.id) seat = event.seat;
      if (event.type === 'betting.opened' && seat !== null) {
        await ack('bets.confirm', {
          tableId: 'main',
          round: event.round,
          seat,
          confirmId: `bot-${event.round}-${seat}`,
          bets: [{ spot: 'banker', amount: 1000 }],
        });
      }
      if (event.type === 'dealing.started' && event.dealer === seat) {
        await ack('shoe.deal', { tableId: 'main', round: event.round });
      }
    });
    socket.on('table.private', (peek: { round: number }) =>
      ack('cards.reveal', { tableId: 'main', round: peek.round }),
    );

    // A round the bot played whole: its bet, its deal and its turn of Banker's cards (it holds
    // the shoe, T5.2) all landed, and the round ended.
    const landed = (round: number, name: string) =>
      acks.some((a) => a.round === round && a.name === name && a.ok);
    const played = () =>
      results.filter(
        (result) =>
          result.type === 'round.result' &&
          ['bets.confirm', 'shoe.deal', 'cards.reveal'].every((name) => landed(result.round, name)),
      ).length;
    for (let i = 0; i < 400 && played() < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    socket.close();
    expect(played()).toBeGreaterThanOrEqual(4);
    // A window is 200 ms of the server's clock. On two cores that other suites fill, a command
    // can reach the server after its window closed: it is refused as too late (T2.1), which is
    // the server keeping time, and the bot plays the next round. Any other refusal is a fault.
    const refused = acks.filter((a) => !a.ok && a.name !== 'seat.take');
    if (refused.length > 0) console.log('commands that came after their window:', refused);
    expect(refused.filter((a) => a.code !== 'WRONG_PHASE')).toEqual([]);
  });
});
