/**
 * `pnpm bench:soak`: Punto Banco tables and rooms and Chemin de Fer rooms played by bots at
 * TABLE_TIMINGS=fast on the real server, which is killed and stopped at seeded random moments
 * and started again on the same fresh database, until the rounds and coups are played; then
 * the invariants (soak.ts). Prints rounds/s, the restarts survived and each invariant's count,
 * and exits 1 on any breach.
 *
 *   pnpm bench:soak [--rounds 10000] [--seconds S] [--seed N] [--punto-tables 4]
 *                   [--punto-rooms 2] [--chemin-rooms 4] [--room-decks 2] [--life 20-60]
 */
import { parseArgs } from 'node:util';
import { report } from './report.js';
import { runSoak } from './soak.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10000' },
    seconds: { type: 'string' },
    seed: { type: 'string' },
    'punto-tables': { type: 'string', default: '4' },
    'punto-rooms': { type: 'string', default: '2' },
    'chemin-rooms': { type: 'string', default: '4' },
    'room-decks': { type: 'string', default: '2' },
    life: { type: 'string', default: '20-60' },
  },
});

function whole(name: string, text: string | undefined, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name}: a whole number ≥ ${min}`);
  return value;
}
const life = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(values.life);
if (!life || Number(life[1]) <= 0 || Number(life[2]) < Number(life[1])) {
  throw new Error('--life: seconds as min-max, e.g. 20-60');
}
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : whole('seed', values.seed, 0);
// Printed first, so a run that dies half way can still be played again.
console.log(`soak seed ${seed}`);

const result = await runSoak({
  rounds: whole('rounds', values.rounds, 1),
  seconds: values.seconds === undefined ? null : whole('seconds', values.seconds, 1),
  seed,
  puntoTables: whole('punto-tables', values['punto-tables'], 1),
  puntoRooms: whole('punto-rooms', values['punto-rooms'], 0),
  cheminRooms: whole('chemin-rooms', values['chemin-rooms'], 0),
  roomDecks: whole('room-decks', values['room-decks'], 1),
  life: { min: Number(life[1]), max: Number(life[2]) },
  log: (line) => process.stderr.write(`[soak] ${line}\n`),
});
const { text, breaches } = report(result);
console.log(text);
process.exit(breaches > 0 ? 1 : 0);
