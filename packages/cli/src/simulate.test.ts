import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { captureIo } from './test-io.js';

async function run(...argv: string[]) {
  const io = captureIo();
  const code = await runCli(argv, io);
  return { code, ...io };
}

function countOf(stdout: string[], label: string): number {
  const line = stdout.find((l) => l.trimStart().startsWith(label));
  if (!line) throw new Error(`no ${label} line in:\n${stdout.join('\n')}`);
  return Number(
    line
      .slice(label.length + 2)
      .trim()
      .split(/\s+/)[0]!
      .replace(/,/g, ''),
  );
}

describe('banco simulate', () => {
  it('R10.5 plays the shoes asked for and prints observed beside exact with p-values', async () => {
    const { code, stdout } = await run('simulate', '--shoes', '400', '--seed', '11');
    expect(code).toBe(0);
    const header = stdout[0]!;
    const rounds = Number(/([\d,]+) rounds/.exec(header)![1]!.replace(/,/g, ''));
    // Eight decks dealt to a 16-card cut give roughly 80 rounds a shoe.
    expect(rounds / 400).toBeGreaterThan(70);
    expect(rounds / 400).toBeLessThan(90);
    const outcomes =
      countOf(stdout, 'Banker wins') + countOf(stdout, 'Player wins') + countOf(stdout, 'Tie');
    expect(outcomes).toBe(rounds);
    const chi = stdout.find((l) => l.startsWith('Banker / Player / Tie: chi-square'));
    expect(chi).toMatch(/2 degrees of freedom, p-value (0|1)\.\d{4}$/);
  });

  it('R10.2 the same seed gives the same counts, another seed other counts', async () => {
    const a = await run('simulate', '--shoes', '50', '--seed', '5');
    const b = await run('simulate', '--shoes', '50', '--seed', '5');
    const c = await run('simulate', '--shoes', '50', '--seed', '6');
    const table = (out: string[]) => out.slice(1);
    expect(table(a.stdout)).toEqual(table(b.stdout));
    expect(table(a.stdout)).not.toEqual(table(c.stdout));
  });

  it('R10.1 a one-deck simulation deals fewer rounds per shoe', async () => {
    const { stdout } = await run('simulate', '--shoes', '200', '--decks', '1', '--seed', '3');
    const rounds = Number(/([\d,]+) rounds/.exec(stdout[0]!)![1]!.replace(/,/g, ''));
    expect(rounds / 200).toBeLessThan(8);
    expect(rounds / 200).toBeGreaterThan(3);
  });

  for (const bad of [['--shoes', '0'], ['--shoes', 'many'], [], ['--shoes', '5', '--decks', '9']]) {
    it(`R10.1 refuses ${bad.join(' ') || 'a missing --shoes'} with exit code 2`, async () => {
      const { code, stderr } = await run('simulate', ...bad);
      expect(code).toBe(2);
      expect(stderr.join('\n')).toMatch(/\S/);
    });
  }
});
