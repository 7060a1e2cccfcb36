import { baccaraBanque, burnShoe, cheminDeFer, commitmentOf, playShoe } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { captureIo } from './test-io.js';

const SEED = 'a'.repeat(64);

async function run(...argv: string[]) {
  const io = captureIo();
  const code = await runCli(argv, io);
  return { code, ...io };
}

const roundLines = (stdout: string[]) =>
  stdout
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** `verify` for shoe `shoe` of the test-vector seeds. */
const shoeArgs = (shoe: number) => [
  'verify',
  '--server-seed',
  SEED,
  '--client-seed',
  'table-1',
  '--shoe',
  String(shoe),
];

describe('banco verify', () => {
  it('R11.1–R11.5 reproduces the published test vector exactly', async () => {
    const { code, stdout } = await run(
      ...shoeArgs(1),
      '--decks',
      '8',
      '--cut',
      '16',
      '--last-hand',
      'plus-one',
    );
    expect(code).toBe(0);
    expect(stdout[0]).toBe(`commitment ${commitmentOf(SEED)}`);
    const first = stdout.find((line) => line.includes('"round"'));
    expect(first).toBe(
      '{"round":1,"player":["QC","2S","4S"],"banker":["7C","8D","QC"],"playerTotal":6,"bankerTotal":5,"outcome":"player"}',
    );
  });

  it('R10.5 prints one JSON line per round, numbered, and no other line has a round key', async () => {
    const { code, stdout } = await run(...shoeArgs(2));
    expect(code).toBe(0);
    const played = playShoe({ serverSeed: SEED, clientSeed: 'table-1', shoeNumber: 2 });
    if (!played.ok) throw new Error(played.error.message);
    const rounds = roundLines(stdout);
    expect(rounds.map((r) => r.round)).toEqual(played.value.rounds.map((_, i) => i + 1));
    expect(rounds.map((r) => r.outcome)).toEqual(played.value.rounds.map((r) => r.outcome));
    const others = stdout.filter((line) => !line.startsWith('{'));
    for (const line of others) expect(line).not.toMatch(/"round"/);
  });

  it('R10.6 the last-hand rule and the deck count change the shoe', async () => {
    const oneDeck = [
      'verify',
      '--server-seed',
      SEED,
      '--client-seed',
      'x',
      '--shoe',
      '3',
      '--decks',
      '1',
      '--cut',
      '12',
    ];
    const plusOne = roundLines((await run(...oneDeck)).stdout);
    const finish = roundLines((await run(...oneDeck, '--last-hand', 'finish-current')).stdout);
    expect(finish.length).toBeGreaterThan(0);
    // Whether the cut card shows mid-round or just before a round, plus-one deals exactly one more.
    expect(plusOne.length).toBe(finish.length + 1);
    expect(plusOne.slice(0, finish.length)).toEqual(finish);
    const cards = plusOne.flatMap((r) => [...(r.player as string[]), ...(r.banker as string[])]);
    // One deck: no card can appear twice.
    expect(new Set(cards).size).toBe(cards.length);
  });

  const invalid: [string, string[]][] = [
    [
      'an uppercase server seed',
      ['--server-seed', 'A'.repeat(64), '--client-seed', 'c', '--shoe', '1'],
    ],
    ['a short server seed', ['--server-seed', 'a'.repeat(63), '--client-seed', 'c', '--shoe', '1']],
    ['an empty client seed', ['--server-seed', SEED, '--client-seed', '', '--shoe', '1']],
    ['a non-ASCII client seed', ['--server-seed', SEED, '--client-seed', 'tablé', '--shoe', '1']],
    ['shoe 0', ['--server-seed', SEED, '--client-seed', 'c', '--shoe', '0']],
    ['a fractional shoe', ['--server-seed', SEED, '--client-seed', 'c', '--shoe', '1.5']],
    ['9 decks', ['--server-seed', SEED, '--client-seed', 'c', '--shoe', '1', '--decks', '9']],
    [
      'a cut too small for plus-one',
      ['--server-seed', SEED, '--client-seed', 'c', '--shoe', '1', '--cut', '10'],
    ],
    [
      'an unknown last-hand rule',
      ['--server-seed', SEED, '--client-seed', 'c', '--shoe', '1', '--last-hand', 'never'],
    ],
    ['a missing seed', ['--client-seed', 'c', '--shoe', '1']],
    ['an unknown flag', ['--server-seed', SEED, '--client-seed', 'c', '--shoe', '1', '--bogus']],
  ];
  for (const [what, args] of invalid) {
    it(`R11.6 refuses ${what} with a message and exit code 2`, async () => {
      const { code, stdout, stderr } = await run('verify', ...args);
      expect(code).toBe(2);
      expect(roundLines(stdout)).toHaveLength(0);
      expect(stderr.join('\n')).toMatch(/\S/);
    });
  }
});

describe('banco verify --game chemin-de-fer', () => {
  const args = [...shoeArgs(2), '--decks', '6', '--cut', '7', '--last-hand', 'finish-current'];
  const seeds = { serverSeed: SEED, clientSeed: 'table-1', shoeNumber: 2 };

  it('R19.1 C6.2 prints the shoe after its burn in dealing order, which a played coup follows', async () => {
    const { code, stdout } = await run(...args, '--game', 'chemin-de-fer');
    expect(code).toBe(0);
    expect(stdout[0]).toBe(`commitment ${commitmentOf(SEED)}`);
    expect(roundLines(stdout).some((l) => 'round' in l)).toBe(false);
    const cards = roundLines(stdout).map((l) => l.card);
    expect(stdout.at(-1)).toBe(`${cards.length} cards`);
    expect(stdout.at(-2)).toBe(`stop card after card ${cards.length - 7}`);

    // The first coup the rules deal from the same shoe takes its first four cards P B P B.
    const created = cheminDeFer.createCheminDeFerShoe(seeds);
    if (!created.ok) throw new Error(created.error.message);
    const shoe = burnShoe(created.value);
    if (!shoe.ok) throw new Error(shoe.error.message);
    expect(stdout[1]).toBe(
      `burn ${shoe.value.shown} shown, ${shoe.value.burned.length} burned unseen`,
    );
    const posted = cheminDeFer.postBank({
      rules: { cagnottePercent: 0, choices: 'by-rule', limits: { min: 100, max: 100 } },
      shoe: shoe.value.state,
      offer: cheminDeFer.openBank([1, 2]),
      seats: [1, 2],
      banker: 1,
      bank: 100,
      bancoSuivi: null,
    });
    if (!posted.ok) throw new Error(posted.error.message);
    const called = cheminDeFer.stepCoup(posted.value, {
      type: 'call',
      seat: 2,
      call: { kind: 'banco' },
    });
    if (!called.ok) throw new Error(called.error.message);
    const dealt = cheminDeFer.stepCoup(called.value, { type: 'close-cover' });
    if (!dealt.ok || dealt.value.phase === 'covering' || dealt.value.phase === 'not-dealt') {
      throw new Error('the coup was not dealt');
    }
    const { punto, bankerCards } = dealt.value;
    expect(cards.slice(0, 4)).toEqual([punto[0], bankerCards[0], punto[1], bankerCards[1]]);
  });

  it('R11.6 refuses an unknown game with exit code 2', async () => {
    const { code, stderr } = await run(...args, '--game', 'whist');
    expect(code).toBe(2);
    expect(stderr.join('\n')).toMatch(/--game/);
  });
});

describe('banco verify --game baccara-banque', () => {
  const args = [...shoeArgs(4), '--decks', '3', '--cut', '10', '--last-hand', 'finish-current'];
  const seeds = { serverSeed: SEED, clientSeed: 'table-1', shoeNumber: 4, decks: 3 };

  it('R25.1 B6.1 prints the shoe after its burn in dealing order, which a played coup follows', async () => {
    const { code, stdout } = await run(...args, '--game', 'baccara-banque');
    expect(code).toBe(0);
    expect(stdout[0]).toBe(`commitment ${commitmentOf(SEED)}`);
    const cards = roundLines(stdout).map((l) => l.card as string);
    expect(stdout.at(-1)).toBe(`${cards.length} cards`);
    expect(stdout.at(-2)).toBe(`stop card after card ${cards.length - 10}`);
    // The first coup the rules deal from the same shoe takes its first six cards R L B R L B.
    const created = baccaraBanque.createBaccaraBanqueShoe(seeds);
    if (!created.ok) throw new Error(created.error.message);
    const shoe = burnShoe(created.value);
    if (!shoe.ok) throw new Error(shoe.error.message);
    const seats = [1, 2];
    const opened = baccaraBanque.openCoup({
      rules: { cagnotteBp: 0, choices: 'by-rule', watchersMayStake: false },
      shoe: shoe.value.state,
      banker: 1,
      bank: 100,
      holders: baccaraBanque.firstHolders(seats, 1),
      seats,
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const play = { bankerRule: baccaraBanque.exactBankerRule };
    const call = { kind: 'banco', on: 'right' } as const;
    const called = baccaraBanque.stepCoup(
      opened.value,
      { type: 'call', player: 'b', seat: 2, call },
      play,
    );
    if (!called.ok) throw new Error(called.error.message);
    const dealt = baccaraBanque.stepCoup(called.value, { type: 'close-stakes' }, play);
    if (!dealt.ok || dealt.value.phase !== 'settled') throw new Error('the coup was not settled');
    const { right, left, banker } = dealt.value.cards;
    expect(cards.slice(0, 6)).toEqual([right[0], left[0], banker[0], right[1], left[1], banker[1]]);
    const thirds = [right[2], left[2], banker[2]].filter((c) => c !== undefined);
    expect(cards.slice(6, 6 + thirds.length)).toEqual(thirds);
  });
});
