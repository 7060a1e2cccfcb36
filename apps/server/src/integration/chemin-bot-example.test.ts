/**
 * The Chemin de Fer bot that docs/protocol.md quotes ("A Chemin de Fer bot"), played as it is
 * written against a real server: three of them on a scripted shoe post, ride, pass and decline
 * the bank, cover it and make a choice, each through the protocol's TableClient.
 */
import { type CheminDeFerSettings, type TableEvent } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { quietTable } from '../testing/quiet-table.js';
import { newGuest } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';
import { playChemin } from '../testing/examples/chemin-bot.js';

const TABLE = 'cdf-doc-bot';
const BANK = 1_000;
const chemin: CheminDeFerSettings = {
  decks: 6,
  cagnottePercent: 5,
  bank: { min: BANK, max: 100_000 },
  choices: { mode: 'window', seconds: 20 },
};
/** Punto KD QD (0) draws KS; banker 7H JC (7) stands: the banker wins. */
const BANKER_WINS: CardCode[] = ['KD', '7H', 'QD', 'JC', 'KS'];
/** Punto 2H 3D: 5, the punto's choice; banker KC 5S: 5 (a 4D third puts him at 5 v 4). */
const CHOICES: CardCode[] = ['2H', 'KC', '3D', '5S', '4D'];
/**
 * The burn (AS shown, QS burned), then: the bank wins until it passes (after two wins or three,
 * as the covers come), the next banker wins once more at most, then a coup with a choice; then
 * ties.
 */
const SHOE: CardCode[] = [
  'AS',
  'QS',
  ...BANKER_WINS,
  ...BANKER_WINS,
  ...BANKER_WINS,
  ...CHOICES,
  ...Array<CardCode>(40).fill('KH'),
];

type Updated = Extract<TableEvent, { type: 'chemin.updated' }>;

describe('the Chemin de Fer bot of docs/protocol.md', () => {
  let server: TestBanco;
  const stops: (() => void)[] = [];
  let watcher: TestClient | undefined;

  beforeAll(async () => {
    server = await startTestBanco([
      {
        id: TABLE,
        name: 'Doc bots',
        isPublic: true,
        // No window runs out while the test plays: every move below is a bot's own.
        settings: quietTable({ decks: 6, cut: 7, lastHand: 'finish-current', cheminDeFer: chemin }),
        scriptedShoe: SHOE,
      },
    ]);
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    watcher?.close();
    await server?.close();
  });

  it('C2.1 C2.2 C2.3 C2.5 C2.6 C5.3 posts, rides and passes the bank, declines it, covers and chooses', async () => {
    watcher = await TestClient.connect(server.url, 'Watcher');
    expect((await watcher.send('table.join', { tableId: TABLE })).ok).toBe(true);
    const updates = () => watcher!.events.filter((e): e is Updated => e.type === 'chemin.updated');
    const by = (what: Updated['what'], seat: number) =>
      updates().some((e) => e.what === what && e.seat === seat);

    // Seat 2 holds no bank of its own: it declines every fresh one.
    for (const [seat, bank] of [
      [1, BANK],
      [2, undefined],
      [3, BANK],
    ] as const) {
      const guest = await newGuest(server.url, `Bot${seat}`);
      stops.push(
        await playChemin({ url: server.url, token: guest.token, tableId: TABLE, seat, bank }),
      );
    }

    const done = () =>
      by('passed', 1) &&
      by('declined', 2) &&
      by('posted', 3) &&
      updates().some((e) => e.what === 'chose' && e.seat !== null) &&
      updates().some((e) => e.what === 'settled' && e.view.last?.coup === 4);
    for (let i = 0; i < 400 && !done(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seen = updates().map((e) => `${e.what}:${e.seat ?? '-'}`);
    expect(done(), seen.join(' ')).toBe(true);

    // Seat 1 rode its bank (posted it again) before passing it, and every punter covered.
    expect(updates().filter((e) => e.what === 'posted' && e.seat === 1).length).toBeGreaterThan(1);
    for (const seat of [1, 2, 3]) expect(by('called', seat)).toBe(true);
    // The choice was the chooser's, made before its window closed: the rule made none.
    const settled = updates().find((e) => e.what === 'settled' && e.view.last?.coup === 4)!;
    expect(
      settled.view.last?.story.filter((s) => s.kind === 'draw' || s.kind === 'stand'),
    ).toContainEqual(expect.objectContaining({ by: 'choice' }));
    expect(settled.view.last?.story).not.toContainEqual(expect.objectContaining({ by: 'rule' }));

    for (const stop of stops.splice(0)) stop();
    expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
  });
});
