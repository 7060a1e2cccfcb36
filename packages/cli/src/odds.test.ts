import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { captureIo } from './test-io.js';

async function run(...argv: string[]) {
  const io = captureIo();
  const code = await runCli(argv, io);
  return { code, ...io };
}

interface OddsJson {
  probabilities: Record<string, number>;
  edges: Record<string, number>;
}

describe('banco odds', () => {
  it('R13.2 --json prints one object with the published 8-deck figures', async () => {
    const { code, stdout } = await run('odds', '--json');
    expect(code).toBe(0);
    expect(stdout).toHaveLength(1);
    const parsed = JSON.parse(stdout[0]!) as OddsJson;
    expect(Object.keys(parsed)).toEqual(['probabilities', 'edges']);
    expect(parsed.probabilities.banker).toBeCloseTo(0.458597, 6);
    expect(parsed.probabilities.player).toBeCloseTo(0.446247, 6);
    expect(parsed.probabilities.tie).toBeCloseTo(0.095156, 6);
    expect(parsed.edges.banker).toBeCloseTo(0.010579, 6);
    expect(parsed.edges.player).toBeCloseTo(0.012351, 6);
    expect(parsed.edges.tie8).toBeCloseTo(0.143596, 6);
    expect(parsed.edges.tie9).toBeCloseTo(0.04844, 6);
    expect(parsed.edges.bankerNoCommission).toBeCloseTo(0.014581, 6);
  });

  it('R13.1 --decks changes the shoe and the text table shows the edges', async () => {
    const one = JSON.parse((await run('odds', '--decks', '1', '--json')).stdout[0]!) as OddsJson;
    const eight = JSON.parse((await run('odds', '--json')).stdout[0]!) as OddsJson;
    expect(one.edges.tie8).not.toBeCloseTo(eight.edges.tie8!, 4);
    const text = await run('odds');
    expect(text.code).toBe(0);
    expect(text.stdout.join('\n')).toMatch(/Banker, 5% commission \(0\.95:1\)\s+1\.0579 %/);
    expect(text.stdout.join('\n')).toMatch(/Tie 9:1\s+4\.8440 %/);
  });

  it('R13.4 --remaining takes ten value counts (spaces or commas) and matches a full shoe', async () => {
    const full = await run('odds', '--json');
    const bySpaces = await run(
      'odds',
      '--remaining',
      '128',
      '32',
      '32',
      '32',
      '32',
      '32',
      '32',
      '32',
      '32',
      '32',
      '--json',
    );
    const byCommas = await run('odds', '--remaining', '128,32,32,32,32,32,32,32,32,32', '--json');
    const a = JSON.parse(full.stdout[0]!) as OddsJson;
    const b = JSON.parse(bySpaces.stdout[0]!) as OddsJson;
    expect(b.probabilities.banker).toBeCloseTo(a.probabilities.banker!, 12);
    expect(b.edges.player).toBeCloseTo(a.edges.player!, 12);
    expect(byCommas.stdout).toEqual(bySpaces.stdout);
  });

  it('R13.4 P1.10 --remaining also takes thirteen rank counts: pair chances then follow the ranks', async () => {
    const fullShoe = JSON.parse((await run('odds', '--json')).stdout[0]!) as OddsJson;
    const byRanks = JSON.parse(
      (await run('odds', '--remaining', Array(13).fill('32').join(','), '--json')).stdout[0]!,
    ) as OddsJson;
    expect(byRanks.probabilities).toEqual(fullShoe.probabilities);
    // The same values, but every value-0 card a King: Player/Banker/Tie stay, pairs move.
    const kings = '32,32,32,32,32,32,32,32,32,0,0,0,128';
    const skewed = JSON.parse(
      (await run('odds', '--remaining', kings, '--json')).stdout[0]!,
    ) as OddsJson;
    expect(skewed.probabilities.banker).toBeCloseTo(fullShoe.probabilities.banker!, 14);
    expect(skewed.probabilities.playerPair).toBeGreaterThan(fullShoe.probabilities.playerPair!);
  });

  it('R13.4 a depleted shoe moves the odds (no 8s or 9s left: fewer naturals)', async () => {
    const depleted = JSON.parse(
      (await run('odds', '--remaining', '128,32,32,32,32,32,32,32,0,0', '--json')).stdout[0]!,
    ) as OddsJson;
    const full = JSON.parse((await run('odds', '--json')).stdout[0]!) as OddsJson;
    expect(depleted.probabilities.eitherNatural).toBeLessThan(full.probabilities.eitherNatural!);
  });

  const invalid: [string, string[]][] = [
    ['nine counts', ['--remaining', '1,2,3,4,5,6,7,8,9']],
    ['twelve counts', ['--remaining', '1,2,3,4,5,6,7,8,9,1,2,3']],
    ['a negative count', ['--remaining', '-1,32,32,32,32,32,32,32,32,32']],
    ['a fractional count', ['--remaining', '1.5,32,32,32,32,32,32,32,32,32']],
    ['fewer than six cards', ['--remaining', '1,1,1,1,1,0,0,0,0,0']],
    ['zero decks', ['--decks', '0']],
  ];
  for (const [what, args] of invalid) {
    it(`R13.4 refuses ${what} with exit code 2`, async () => {
      const { code, stdout, stderr } = await run('odds', ...args);
      expect(code).toBe(2);
      expect(stdout).toHaveLength(0);
      expect(stderr.join('\n')).toMatch(/\S/);
    });
  }
});
