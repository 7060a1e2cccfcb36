import type { SoakResult } from './soak.js';

/** Breaches shown per invariant; the count says how many there were in all. */
const SHOWN = 10;

/** The soak's figures as printed, and how many breaches they hold in all. */
export function report(result: SoakResult): { text: string; breaches: number } {
  const games = (game: string) => result.tables.filter((t) => t.game === game).length;
  const restarts = result.kills + result.stops;
  const lines = [
    `soak seed ${result.seed}: ${games('punto-banco')} Punto Banco tables and rooms, ` +
      `${games('chemin-de-fer')} Chemin de Fer rooms`,
    `${result.rounds} rounds and coups settled in ${result.seconds.toFixed(1)} s: ` +
      `${(result.rounds / result.seconds).toFixed(2)} rounds/s`,
    `restarts survived: ${result.survived}/${restarts} (${result.kills} SIGKILL, ` +
      `${result.stops} SIGTERM), then a last SIGTERM; ${result.commandsCutOff} bot commands ` +
      `cut off by a stop`,
  ];
  if (result.outOfChips.length > 0) {
    lines.push(
      `Chemin de Fer rooms out of chips (no refill there), not waited for: ` +
        result.outOfChips.join(', '),
    );
  }
  const { frames, shoes } = result.invariants;
  const checked: Record<string, string> = {
    tablesPlayOn: 'restarts after which every table played on',
    ledger: 'accounts (the ledger audit)',
    tables: "tables' escrows conserved",
    betsClosedTwice: 'closed bets closed once',
    betsNeverClosed: 'bets closed',
    roomChips: 'rooms with room chips summing to zero',
    shoes: `revealed shoes re-dealt (${shoes.rounds} rounds and coups)`,
    frames: `frames with no card face early (${frames.skipped} before a client's first round, not audited)`,
  };
  let breaches = 0;
  for (const [name, invariant] of Object.entries(result.invariants)) {
    breaches += invariant.breaches.length;
    lines.push(
      `  ${name}: ${invariant.breaches.length} breaches in ${invariant.checked} ${checked[name]}`,
    );
    for (const breach of invariant.breaches.slice(0, SHOWN)) lines.push(`    ${breach}`);
  }
  lines.push(breaches === 0 ? 'soak: clean' : `soak: ${breaches} breaches`);
  return { text: lines.join('\n'), breaches };
}
