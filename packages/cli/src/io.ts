/** Where a command writes; tests pass their own to capture output without a child process. */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Progress bars are drawn only on a terminal (never into a pipe or a test). */
  readonly stderrIsTty: boolean;
  readonly progressStream?: NodeJS.WritableStream;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stderrIsTty: Boolean(process.stderr.isTTY),
  progressStream: process.stderr,
};

/** Exit code for input the user can fix (bad flag, bad value). */
export const EXIT_USAGE = 2;

/** Thrown by option parsers and commands for bad input; main turns it into exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
