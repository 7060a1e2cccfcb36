import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** The README's way in: `pnpm banco …` from the repository root, as a real process. */
describe('pnpm banco', () => {
  it('R11.1 verify prints the commitment and the test-vector round from a real process', async () => {
    const { stdout } = await run(
      'pnpm',
      [
        '--silent',
        'banco',
        'verify',
        '--server-seed',
        'a'.repeat(64),
        '--client-seed',
        'table-1',
        '--shoe',
        '1',
      ],
      { cwd: root },
    );
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^commitment [0-9a-f]{64}$/);
    expect(lines.find((l) => l.startsWith('{"round":1,'))).toBe(
      '{"round":1,"player":["QC","2S","4S"],"banker":["7C","8D","QC"],"playerTotal":6,"bankerTotal":5,"outcome":"player"}',
    );
  });

  it('R11.1 a reader that stops early (`| head`) ends it quietly, exit code 0', async () => {
    // `true` reads nothing and is gone before the CLI has started: every write meets a closed pipe.
    const seed = 'a'.repeat(64);
    const { stderr } = await run(
      'bash',
      [
        '-o',
        'pipefail',
        '-c',
        `pnpm --silent banco verify --server-seed ${seed} --client-seed table-1 --shoe 1 | true`,
      ],
      { cwd: root },
    );
    expect(stderr).not.toMatch(/EPIPE|Error/);
  });

  it('R11.6 invalid input exits with code 2 and a message', async () => {
    const failure = await run(
      'pnpm',
      ['--silent', 'banco', 'verify', '--server-seed', 'xyz', '--client-seed', 'c', '--shoe', '1'],
      {
        cwd: root,
      },
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(/INVALID_SERVER_SEED/);
  });
});
