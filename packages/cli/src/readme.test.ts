import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { captureIo } from './test-io.js';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('README’s CLI lines say what the CLI takes', () => {
  it('P1.10: `banco odds --remaining` is shown with the 13 rank counts the live odds send', async () => {
    const line = README.split('\n').find((l) => l.startsWith('pnpm banco odds'));
    const shown = /--remaining <(\d+) counts/.exec(line ?? '')?.[1];
    expect(shown).toBe('13');
    const io = captureIo();
    expect(
      await runCli(['odds', '--remaining', Array(13).fill('32').join(','), '--json'], io),
    ).toBe(0);
  });
});
