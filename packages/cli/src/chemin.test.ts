import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { captureIo } from './test-io.js';

async function run(...argv: string[]) {
  const io = captureIo();
  const code = await runCli(argv, io);
  return { code, ...io };
}

describe('banco chemin', () => {
  it('R18.2 R18.3 prints the published infinite-deck equilibria beside the finite-shoe ones', async () => {
    const { code, stdout } = await run('chemin', '--decks', '6');
    expect(code).toBe(0);
    const text = stdout.join('\n');
    expect(text).toMatch(
      /Kemeny–Snell\), cagnotte 0 %: punto draws on 5 with p = 9\/11 .*banker 1\.2799 %/,
    );
    expect(text).toMatch(/Kemeny–Snell\), cagnotte 5 %: punto draws on 5 with p = 179\/214 /);
    expect(text).toMatch(
      /6 deck\(s\), parlor, banker sees his cards, cagnotte 0 %: punto draws on 5 with p = 477191\/592524/,
    );
  });

  it('R18.1 prints win / lose / tie of both options at every choice cell', async () => {
    const { stdout } = await run('chemin', '--decks', '1', '--cagnotte', '0');
    const rows = stdout.filter((l) => / draw .* stand .* better: /.test(l));
    expect(rows).toHaveLength(15);
    // Each option's three shares add up to 100 % within the rounding of three figures.
    for (const row of rows) {
      const shares = [...row.matchAll(/(\d+\.\d\d) %/g)].map((m) => Number(m[1]));
      expect(shares).toHaveLength(6);
      expect(Math.abs(shares[0]! + shares[1]! + shares[2]! - 100)).toBeLessThanOrEqual(0.02);
      expect(Math.abs(shares[3]! + shares[4]! + shares[5]! - 100)).toBeLessThanOrEqual(0.02);
    }
  });

  it(
    'R18.3 --punto-sees-cards adds the model where the punto sees his cards, each 5 on its own',
    { timeout: 120_000 },
    async () => {
      const { code, stdout } = await run(
        'chemin',
        '--decks',
        '1',
        '--cagnotte',
        '0',
        '--punto-sees-cards',
      );
      expect(code).toBe(0);
      const line = stdout.find((l) => l.includes('both see their cards, cagnotte 0 %'));
      expect(line).toContain('[0+5: 1, 1+4: 1/19, 2+3: 0, 6+9: 1, 7+8: 1]');
    },
  );

  it('refuses a deck count or cagnotte out of range', async () => {
    expect((await run('chemin', '--decks', '9')).code).toBe(2);
    expect((await run('chemin', '--cagnotte', '6')).code).toBe(2);
  });
});
