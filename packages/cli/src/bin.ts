#!/usr/bin/env node
import { runCli } from './cli.js';

// A reader that stops early (`| head`) closes the pipe: the rest is no longer wanted, which is
// not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2));
