import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Kernel clock ticks a second (USER_HZ): 100 on every Linux this bench runs on. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Write-class syscalls (write, writev, …) a process has made so far (`syscw`); 0 once it is gone. */
export function writeSyscalls(pid: number): number {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return Number(/syscw:\s+(\d+)/.exec(io)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Peak resident set of a live process, bytes (VmHWM). */
export function peakRssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU time of several processes over a window; a process born in between counts whole. For
 * processes that come and go inside the window (Postgres backends a pool opens and closes),
 * `sample` reads the ones listed now and keeps each one's last reading, so a process gone by the
 * end counts up to its last sample, not as nothing: sampled every 250 ms, a backend that closes
 * loses at most its last quarter second.
 */
export class CpuMeter {
  private start = new Map<number, number>();
  private last = new Map<number, number>();

  begin(pids: readonly number[]): void {
    this.start = new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
    this.last = new Map(this.start);
  }

  sample(pids: readonly number[]): void {
    for (const pid of pids) {
      const now = cpuSeconds(pid);
      if (now > 0) this.last.set(pid, now);
    }
  }

  /** Processes seen so far in the window. */
  get seen(): number {
    return this.last.size;
  }

  /** Percent of one core over `seconds`, for the processes seen at begin, in samples or now. */
  end(pids: readonly number[], seconds: number): number {
    this.sample([...this.start.keys(), ...pids]);
    let used = 0;
    for (const [pid, now] of this.last) used += now - (this.start.get(pid) ?? 0);
    return (100 * used) / seconds;
  }
}

/** The whole machine's busy share over an interval, from /proc/stat, in percent of all cores. */
export class MachineMeter {
  private start = MachineMeter.sample();

  private static sample(): { busy: number; total: number } {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  }

  begin(): void {
    this.start = MachineMeter.sample();
  }

  end(): number {
    const now = MachineMeter.sample();
    return (100 * (now.busy - this.start.busy)) / Math.max(1, now.total - this.start.total);
  }
}

export const loadAverage = (): string =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
