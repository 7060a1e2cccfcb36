import { spawn } from 'node:child_process';

/**
 * A fixed piece of work, timed in CPU time every half second by a process of its own: what one
 * CPU-millisecond buys on this machine right now. On a shared virtual machine it is not a
 * constant (docs/performance-log.md: a fixed loop took 1.4–2.7 s from one run to the next at idle),
 * so a phase's CPU a round is only comparable with another's taken at the same speed. It costs
 * about 1 % of a core.
 */
const PROBE = `
const work = () => { let s = 0; for (let i = 0; i < 8e6; i++) s = (s + i) ^ (s >>> 3); return s; };
for (let i = 0; i < 40; i++) work();
process.on('disconnect', () => process.exit(0));
process.send('ready');
setInterval(() => {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  process.send((used.user + used.system) / 1000);
}, 500);
`;

export interface SpeedReading {
  /** CPU ms the fixed work took: median, fastest and slowest of the window's samples. */
  p50: number;
  min: number;
  max: number;
  n: number;
}

/** Starts the probe (its own warm-up done); `begin()` opens the window, `read()` closes it. */
export async function startSpeedProbe(): Promise<{ begin(): void; read(): SpeedReading }> {
  const probe = spawn(process.execPath, ['-e', PROBE], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let samples: number[] = [];
  await new Promise<void>((ready, fail) => {
    probe.once('error', fail);
    probe.on('message', (message) => {
      if (message === 'ready') ready();
      else if (typeof message === 'number') samples.push(message);
    });
  });
  return {
    begin() {
      samples = [];
    },
    read() {
      probe.kill();
      const sorted = [...samples].sort((a, b) => a - b);
      return {
        p50: sorted[Math.floor(sorted.length / 2)] ?? NaN,
        min: sorted[0] ?? NaN,
        max: sorted.at(-1) ?? NaN,
        n: sorted.length,
      };
    },
  };
}
