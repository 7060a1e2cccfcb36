import type { CliIo } from './io.js';

/** Captures what a command prints, for in-process CLI tests. */
export function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    stderrIsTty: false,
  };
}
