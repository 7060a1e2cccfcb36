import { randomInt } from 'node:crypto';
import { SingleBar } from 'cli-progress';
import {
  chiSquare,
  fullShoeRanks,
  probabilities as exactProbabilities,
  roundCounts,
  simulateShoes,
  type SimulationCounts,
} from '@banco/rules';
import { UsageError, type CliIo } from './io.js';

export interface SimulateOptions {
  shoes: number;
  decks: number;
  seed?: number | undefined;
}

/** Below this many shoes the run ends too fast for a bar to help. */
const PROGRESS_BAR_MIN_SHOES = 20_000;

interface Row {
  label: string;
  observed: number;
  exact: number;
}

function pValueOf(hits: number, rounds: number, probability: number): number {
  const test = chiSquare([hits, rounds - hits], [rounds * probability, rounds * (1 - probability)]);
  return test.ok ? test.value.pValue : Number.NaN;
}

function withProgress<T>(io: CliIo, total: number, run: (tick: (done: number) => void) => T): T {
  if (!io.stderrIsTty || !io.progressStream || total < PROGRESS_BAR_MIN_SHOES) return run(() => {});
  const bar = new SingleBar({
    stream: io.progressStream,
    format: 'simulating [{bar}] {percentage}% | {value}/{total} shoes | eta {eta_formatted}',
    hideCursor: true,
    clearOnComplete: true,
  });
  bar.start(total, 0);
  try {
    return run((done) => bar.update(done));
  } finally {
    bar.stop();
  }
}

export function simulate(options: SimulateOptions, io: CliIo): void {
  const seed = options.seed ?? randomInt(2 ** 32);
  const started = process.hrtime.bigint();
  const result = withProgress(io, options.shoes, (tick) =>
    simulateShoes({ shoes: options.shoes, decks: options.decks, seed, onProgress: tick }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (!result.ok) throw new UsageError(`${result.error.code}: ${result.error.message}`);
  const counts = result.value;

  const exact = roundCounts(fullShoeRanks(options.decks));
  if (!exact.ok) throw new UsageError(exact.error.message);
  const p = exactProbabilities(exact.value);
  report(io, options, seed, seconds, counts, p);
}

function report(
  io: CliIo,
  options: SimulateOptions,
  seed: number,
  seconds: number,
  counts: SimulationCounts,
  p: ReturnType<typeof exactProbabilities>,
): void {
  const { rounds } = counts;
  io.out(
    `${options.shoes.toLocaleString('en-US')} shoes of ${options.decks} deck(s), ` +
      `${rounds.toLocaleString('en-US')} rounds, seed ${seed} ` +
      `(${(rounds / seconds / 1e6).toFixed(2)} M rounds/s)`,
  );
  if (rounds === 0) return;
  io.out('');
  io.out(
    `  ${'event'.padEnd(18)}${'observed'.padStart(14)}${'frequency'.padStart(12)}${'exact'.padStart(12)}${'p-value'.padStart(10)}`,
  );
  const rows: Row[] = [
    { label: 'Banker wins', observed: counts.bankerWins, exact: p.banker },
    { label: 'Player wins', observed: counts.playerWins, exact: p.player },
    { label: 'Tie', observed: counts.ties, exact: p.tie },
    { label: 'Player pair', observed: counts.playerPairs, exact: p.playerPair },
    { label: 'Banker pair', observed: counts.bankerPairs, exact: p.bankerPair },
    { label: 'Player natural', observed: counts.playerNaturals, exact: p.playerNatural },
    { label: 'Banker natural', observed: counts.bankerNaturals, exact: p.bankerNatural },
    { label: 'Banker wins on 6', observed: counts.bankerWinsWithSix, exact: p.super6 },
  ];
  for (const row of rows) {
    io.out(
      `  ${row.label.padEnd(18)}${row.observed.toLocaleString('en-US').padStart(14)}` +
        `${(row.observed / rounds).toFixed(6).padStart(12)}${row.exact.toFixed(6).padStart(12)}` +
        `${pValueOf(row.observed, rounds, row.exact).toFixed(4).padStart(10)}`,
    );
  }
  const outcomes = chiSquare(
    [counts.bankerWins, counts.playerWins, counts.ties],
    [rounds * p.banker, rounds * p.player, rounds * p.tie],
  );
  io.out('');
  if (outcomes.ok) {
    const { statistic, degreesOfFreedom, pValue } = outcomes.value;
    io.out(
      `Banker / Player / Tie: chi-square ${statistic.toFixed(3)} with ${degreesOfFreedom} degrees of freedom, p-value ${pValue.toFixed(4)}`,
    );
  }
  io.out(
    'Exact figures are for the first round of a full shoe (R13.1); rounds dealt deeper into a shoe ' +
      'and the cut card shift them very slightly, so a very long run can show it.',
  );
}
