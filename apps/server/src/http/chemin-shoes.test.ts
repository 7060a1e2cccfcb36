/**
 * A Chemin de Fer shoe on the fairness routes (T15.10, C6.1, C6.2): a whole shoe played through
 * the rules' coup reducer, with choices against the rule, stored in the real ledger as a table
 * stores it, then read back and verified by the server and by the command it prints.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { shoeListReply, shoeReplySchema } from '@banco/protocol';
import { burnShoe, cheminDeFer, commitmentOf, handTotal, type CardCode } from '@banco/rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { buildHttpApp } from './app.js';
import { httpTestDeps, realLedger, type RealLedger } from './test-support.js';

const TABLE = 'cdf-fair';
let store: RealLedger;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  store = await realLedger();
  await store.ledger.ensureTable({ id: TABLE, name: 'Chemin', isPublic: true, settings: {} });
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await store?.close();
});

function app() {
  const built = buildHttpApp(httpTestDeps(store));
  apps.push(built);
  return built;
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

interface Coup {
  punto: CardCode[];
  banker: CardCode[];
  outcome: 'player' | 'banker' | 'tie';
  /** What the table stores as the coup's trace (T15.6). */
  story: readonly cheminDeFer.CoupStep[];
}

/** Every coup of the shoe, the choice cells answered stand, draw, stand, … */
function playCoups(seeds: { serverSeed: string; clientSeed: string; shoeNumber: number }): Coup[] {
  const rules = { cagnottePercent: 5, choices: 'free', limits: { min: 100, max: 1000 } } as const;
  let shoe = unwrap(burnShoe(unwrap(cheminDeFer.createCheminDeFerShoe(seeds)))).state;
  const coups: Coup[] = [];
  let asked = 0;
  for (;;) {
    const posted = cheminDeFer.postBank({
      rules,
      shoe,
      offer: cheminDeFer.openBank([1, 2]),
      seats: [1, 2],
      banker: 1,
      bank: 500,
      bancoSuivi: null,
    });
    if (!posted.ok) return coups; // R14.2: the stop card has ended the shoe
    const called = unwrap(
      cheminDeFer.stepCoup(posted.value, { type: 'call', seat: 2, call: { kind: 'banco' } }),
    );
    let state = unwrap(cheminDeFer.stepCoup(called, { type: 'close-cover' }));
    while (state.phase === 'punto-choice' || state.phase === 'banker-choice') {
      const seat = state.phase === 'punto-choice' ? 2 : 1;
      const option = asked++ % 2 === 0 ? 'stand' : 'draw';
      state = unwrap(cheminDeFer.stepCoup(state, { type: 'choose', seat, option }));
    }
    if (state.phase !== 'settled') throw new Error(`a coup ended ${state.phase}`);
    coups.push({
      punto: [...state.punto],
      banker: [...state.bankerCards],
      outcome: state.settlement.outcome,
      story: state.story,
    });
    shoe = state.shoe;
  }
}

/**
 * A shoe stored as a Chemin de Fer table stores it (T15.6, T15.10), optionally with a bad coup,
 * and ended (its seed revealed) unless `end` is false.
 */
async function recordCheminShoe(tamper?: { coup: number }, end = true) {
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeed = `cdf ${randomBytes(3).toString('hex')}`;
  const number = await store.ledger.nextShoeNumber(TABLE);
  const coups = playCoups({ serverSeed, clientSeed, shoeNumber: number });
  const { shoeId } = await store.ledger.createShoe({
    tableId: TABLE,
    number,
    serverSeed,
    commitment: commitmentOf(serverSeed),
    clientSeed,
    settings: { decks: 6, cut: 7, lastHand: 'finish-current', game: 'chemin-de-fer' },
  });
  for (const [i, coup] of coups.entries()) {
    const { roundId } = await store.ledger.openRound({
      tableId: TABLE,
      shoeId,
      seq: await store.ledger.nextRoundSeq(TABLE),
      number: i + 1,
      holderSeat: null,
    });
    const cards = [...coup.punto, ...coup.banker];
    if (tamper?.coup === i + 1) cards[0] = cards[0] === 'AS' ? '2S' : 'AS';
    await store.ledger.settleRound({
      tableId: TABLE,
      roundId,
      round: {
        cards,
        outcome: coup.outcome,
        playerTotal: handTotal(coup.punto),
        bankerTotal: handTotal(coup.banker),
        trace: coup.story,
      },
      settled: [],
    });
  }
  if (end) await store.ledger.endShoe(shoeId);
  return { shoeId, serverSeed, coups };
}

describe('T15.10 C6.1 C6.2 a Chemin de Fer shoe on the fairness routes', () => {
  it('T15.10 C6.1 C6.2 says its game, verifies every coup, and prints a command the CLI runs', async () => {
    const shoe = await recordCheminShoe();
    expect(shoe.coups.length).toBeGreaterThan(50);
    expect(shoe.coups.some((c) => c.punto.length + c.banker.length > 4)).toBe(true);
    const res = await app().inject(`/api/shoes/${shoe.shoeId}`);
    expect(res.statusCode).toBe(200);
    const body = shoeReplySchema.parse(res.json());
    expect(body.game).toBe('chemin-de-fer');
    expect(body.verification).toMatchObject({
      verified: true,
      commitmentMatches: true,
      roundsReplayed: shoe.coups.length,
      mismatches: [],
    });
    expect(body.verification?.problem).toBeUndefined();
    const command = body.verification!.command;
    expect(command).toMatch(/ --game chemin-de-fer$/);
    const { stdout } = await promisify(execFile)('sh', ['-c', command], { cwd: REPO_ROOT });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`commitment ${commitmentOf(shoe.serverSeed)}`);
    // R19.1: the first coup's four cards are the first four the CLI lists, dealt P B P B.
    const order = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l).card);
    const first = shoe.coups[0]!;
    expect(order.slice(0, 4)).toEqual([
      first.punto[0],
      first.banker[0],
      first.punto[1],
      first.banker[1],
    ]);

    const list = shoeListReply.parse((await app().inject(`/api/tables/${TABLE}/shoes`)).json());
    expect(list.shoes.find((s) => s.id === shoe.shoeId)?.game).toBe('chemin-de-fer');
  });

  it('C6.3 P5.1 a revealed shoe tells each coup’s story, who chose included; in play, none', async () => {
    const shoe = await recordCheminShoe(undefined, false);
    const read = async () =>
      shoeReplySchema.parse((await app().inject(`/api/shoes/${shoe.shoeId}`)).json());
    const inPlay = await read();
    expect(inPlay.serverSeed).toBeNull();
    expect(inPlay.rounds.length).toBe(shoe.coups.length);
    expect(inPlay.rounds.every((r) => r.story === null)).toBe(true);

    await store.ledger.endShoe(shoe.shoeId);
    const revealed = await read();
    expect(revealed.rounds.map((r) => r.story)).toEqual(
      shoe.coups.map((c) => JSON.parse(JSON.stringify(c.story))),
    );
    // R16: the choices made at the free cells are told as such, each with its cell.
    const steps = revealed.rounds.flatMap((r) => r.story ?? []);
    const chosen = steps.filter((s) => s.by === 'choice');
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.every((s) => typeof s.cell === 'string')).toBe(true);
    expect(steps.some((s) => s.by === 'table')).toBe(true);
  });

  it("T15.10 C6.2 names a coup whose stored cards are not the shoe's", async () => {
    const shoe = await recordCheminShoe({ coup: 3 });
    const body = shoeReplySchema.parse((await app().inject(`/api/shoes/${shoe.shoeId}`)).json());
    expect(body.verification).toMatchObject({ verified: false, mismatches: [3] });
    expect(body.verification?.problem).toMatch(/no legal deal/);
  });

  it("C6.1 a shoe stored without a game is Punto Banco's", async () => {
    const { shoeId } = await store.ledger.createShoe({
      tableId: TABLE,
      number: await store.ledger.nextShoeNumber(TABLE),
      serverSeed: 'c'.repeat(64),
      commitment: commitmentOf('c'.repeat(64)),
      clientSeed: 'old',
      settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
    });
    const body = shoeReplySchema.parse((await app().inject(`/api/shoes/${shoeId}`)).json());
    expect(body.game).toBe('punto-banco');
    expect(body.verification).toBeNull();
  });
});
