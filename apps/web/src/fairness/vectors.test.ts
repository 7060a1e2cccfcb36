// @vitest-environment node
import { verifyCommand } from '@banco/protocol';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkShoe } from './replay';
import { TEST_VECTORS } from './vectors';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** `pnpm banco verify …`, as a reader of the page would run it from a checkout. */
function cli(vector: (typeof TEST_VECTORS)[number]) {
  const args = verifyCommand(vector).replace(/^pnpm banco /, '');
  const out = execFileSync('sh', ['-c', `pnpm --silent banco ${args}`], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const lines = out.trim().split('\n');
  const round = JSON.parse(lines.find((l) => l.startsWith('{"round":1,'))!) as {
    player: string[];
    banker: string[];
  };
  return {
    commitment: /^commitment ([0-9a-f]{64})$/.exec(lines[0]!)?.[1],
    burnShown: /^burn (\S+) shown/.exec(lines[1]!)?.[1],
    round,
    rounds: Number(/^(\d+) rounds$/.exec(lines.at(-1)!)?.[1]),
  };
}

describe('the published test vectors', () => {
  it.each(TEST_VECTORS.map((v) => [v.clientSeed, v] as const))(
    'vector %s: the page’s literals equal the CLI’s output and the rules package’s',
    (_, vector) => {
      const printed = cli(vector);
      expect(printed.commitment).toBe(vector.commitment);
      expect(printed.burnShown).toBe(vector.burnShown);
      expect(printed.round).toMatchObject(vector.firstRound);
      const checked = checkShoe({ ...vector, commitment: '', contributions: null }, null);
      if (!checked.ok) throw new Error(checked.message);
      expect(checked.commitment).toBe(vector.commitment);
      expect(checked.burnShown).toBe(vector.burnShown);
      expect(checked.rows[0]!.replay).toMatchObject({
        player: { cards: vector.firstRound.player },
        banker: { cards: vector.firstRound.banker },
      });
      expect(checked.rows).toHaveLength(printed.rounds);
    },
    60_000,
  );
});
