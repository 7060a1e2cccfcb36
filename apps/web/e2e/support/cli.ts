import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from './server.js';

const run = promisify(execFile);
const CLI_BIN = `${REPO_ROOT}packages/cli/dist/bin.js`;

/**
 * The `banco` command as `pnpm banco …` runs it, from the build the suite tests (its package's
 * `bin`), without pnpm and a TypeScript loader starting around each call.
 */
export async function banco(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI_BIN, ...args], { cwd: REPO_ROOT });
  return stdout;
}
