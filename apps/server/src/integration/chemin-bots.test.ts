/**
 * The Chemin de Fer bot game (T15): six bots play at least 100 coups of a fair shoe, with
 * choices, passes and declines; every balance is the bots' own arithmetic, the ledger audits
 * clean and no frame showed a card before its time.
 */
import { shoeListReply, shoeReplySchema, type TableEvent } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { BANK, CheminBot } from '../testing/chemin-bot.js';
import { auditCheminFrames } from '../testing/chemin-audit.js';
import { quietTable } from '../testing/quiet-table.js';
import { mulberry32 } from '../testing/seeded-random.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const COUPS = 100;
const TABLE = 'cdf-bots';

describe('the Chemin de Fer bot game', () => {
  let server: TestBanco;
  const bots: CheminBot[] = [];

  beforeAll(async () => {
    server = await startTestBanco(
      [
        {
          id: TABLE,
          name: 'Bots',
          isPublic: true,
          settings: quietTable({
            decks: 6,
            cut: 7,
            lastHand: 'finish-current',
            cheminDeFer: {
              decks: 6,
              cagnottePercent: 5,
              bank: BANK,
              choices: { mode: 'window', seconds: 20 },
            },
          }),
        },
      ],
      { LOG_LEVEL: process.env.CHEMIN_BOT_LOG ?? 'silent' },
    );
  });
  afterAll(async () => {
    for (const bot of bots) bot.client.close();
    await server?.close();
  });

  /** A shoe ended, the next one was announced, and a coup of it was dealt (T15.10, T7.1). */
  const nextShoeDealt = (seen: readonly TableEvent[]) => {
    const endedAt = seen.findIndex((e) => e.type === 'shoe.ended');
    const newAt = seen.findIndex((e, i) => i > endedAt && e.type === 'shoe.new');
    return (
      endedAt > -1 &&
      newAt > endedAt &&
      seen.some((e, i) => i > newAt && e.type === 'chemin.updated' && e.what === 'dealt')
    );
  };

  it('T15.1 T15.2 T15.4 T15.5 T15.6 T15.7 T15.8 T15.10 C6.1 C6.2 six bots play 100 coups: balances, ledger and frames all agree', async () => {
    const started = performance.now();
    const seed = Number(process.env.CHEMIN_BOT_SEED ?? 21);
    for (let i = 1; i <= 6; i++) {
      const client = await TestClient.connect(server.url, `Bot${i}`);
      const start = await server.banco.ledger.balanceOf(client.playerId);
      // The first bot sits first and sees every coup: the game is over when it has seen 100
      // and a shoe the stop card ended has been followed by a dealt coup of the next one (how
      // many coups a shoe lasts depends on how the calls arrive, so 100 alone may end short).
      const over = () =>
        (bots[0]?.counts.settled ?? 0) >= COUPS && nextShoeDealt(bots[0]!.client.events);
      bots.push(new CheminBot(client, TABLE, i, start, mulberry32(seed * 10 + i), over));
    }
    for (const bot of bots) {
      expect((await bot.client.send('table.join', { tableId: TABLE })).ok).toBe(true);
      expect((await bot.client.send('seat.take', { tableId: TABLE, seat: bot.seat })).ok).toBe(
        true,
      );
    }
    // Once the first bot has seen 100 coups nobody asks anything more; every bot then has
    // the table's last event too (the same version), so its own account is complete.
    const last = () => bots[0]!.client.events.at(-1)?.version ?? 0;
    while (
      !bots[0]!.finished ||
      bots.some((b) => (b.client.events.at(-1)?.version ?? 0) < last())
    ) {
      if (performance.now() - started > 80_000) {
        throw new Error(
          `the bots did not finish in time: ${JSON.stringify(bots.map((b) => b.counts))}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const bot of bots) bot.stop();
    const ms = performance.now() - started;

    const sum = (k: keyof CheminBot['counts']) => bots.reduce((a, b) => a + b.counts[k], 0);
    const events = bots[0]!.client.events.filter(
      (e): e is Extract<TableEvent, { type: 'chemin.updated' }> => e.type === 'chemin.updated',
    );
    const settled = events.filter((e) => e.what === 'settled');
    expect(settled.length).toBeGreaterThanOrEqual(COUPS);
    const byChoice = settled.filter((e) =>
      e.view.last?.story.some(
        (s) => (s.kind === 'draw' || s.kind === 'stand') && s.by === 'choice',
      ),
    );
    expect(byChoice.length).toBeGreaterThan(0);
    expect(sum('passed')).toBeGreaterThan(0);
    expect(sum('declined')).toBeGreaterThan(0);
    const cagnotte = settled.reduce((a, e) => a + (e.view.last?.settlement?.cagnotte ?? 0), 0);
    expect(cagnotte).toBeGreaterThan(0);

    for (const bot of bots) {
      expect(await server.banco.ledger.balanceOf(bot.client.playerId)).toBe(bot.expected);
      expect(auditCheminFrames(bot.client.frames, bot.seat)).toEqual([]);
    }
    const audit = await checkLedger(server.banco.prisma);
    expect(audit.problems).toEqual([]);

    // T15.10 T7.1: the next shoe's commitment is out before any of its cards.
    const seen = bots[0]!.client.events;
    const endedAt = seen.findIndex((e) => e.type === 'shoe.ended');
    const newAt = seen.findIndex((e, i) => i > endedAt && e.type === 'shoe.new');
    const dealtAt = seen.findIndex(
      (e, i) => i > endedAt && e.type === 'chemin.updated' && e.what === 'dealt',
    );
    expect(endedAt).toBeGreaterThan(-1);
    expect(newAt).toBeGreaterThan(endedAt);
    expect(dealtAt).toBeGreaterThan(newAt);
    // C6.1 C6.2: the shoe the stop card ended says its game and verifies coup by coup.
    const get = async (path: string) => (await fetch(`${server.url}${path}`)).json();
    const list = shoeListReply.parse(await get(`/api/tables/${TABLE}/shoes`));
    const revealed = list.shoes.filter((s) => s.revealed);
    expect(revealed.length).toBeGreaterThan(0);
    for (const listed of revealed) {
      expect(listed.game).toBe('chemin-de-fer');
      const record = shoeReplySchema.parse(await get(`/api/shoes/${listed.id}`));
      expect(record.game).toBe('chemin-de-fer');
      expect(record.verification).toMatchObject({ verified: true, mismatches: [] });
      const dealt = record.rounds.filter((r) => r.cards.length > 0).length;
      expect(record.verification!.roundsReplayed).toBe(dealt);
      expect(dealt).toBeGreaterThan(50);
      expect(record.verification!.command).toMatch(/--game chemin-de-fer$/);
    }
    console.info(
      `bot game: ${settled.length} coups (${byChoice.length} with a choice), ` +
        `${sum('passed')} passes, ${sum('declined')} declines, cagnotte ${cagnotte}, ` +
        `${sum('rateLimited')} moves asked again after RATE_LIMITED, ` +
        `${Math.round(ms)} ms`,
    );
  }, 120_000);
});
