/**
 * Baccara Banque's exact figures (R29.4): the banker's best-reply tables and the game's value to
 * him, infinite deck and full 3- and 6-deck shoes, equal stakes and a 2:1 split. Run:
 *   pnpm --filter @banco/rules exec tsx bench/baccara-banque-figures.ts [--tables]
 * docs/baccara-banque-odds.md quotes what it prints.
 */
import { bankerDecision, draws } from '../src/chemin-de-fer/draw-table.js';
import { roundDecimal } from '../src/chemin-de-fer/odds/rational.js';
import {
  bankerGame,
  FACES,
  NATURAL_FACE,
  STOOD_FACE,
  type GameScenario,
  type ScenarioResult,
} from '../src/baccara-banque/banker-game.js';
import {
  cagnotteOf,
  type FivePolicy,
  type ShoeView,
} from '../src/baccara-banque/banker-position.js';
import { fullShoeRanks } from '../src/odds/composition.js';

const printTables = process.argv.includes('--tables');

// Stakes in minor units chosen so 1.25 % of any net is a whole 10 units: the cagnotte's rounding
// (R24.4) then takes nothing extra and the figures are the rate's own.
const UNIT = 80_000;
const SPLITS = [
  { name: '1:1', stakes: { right: UNIT, left: UNIT } },
  { name: '2:1', stakes: { right: 2 * UNIT, left: UNIT } },
];

/**
 * A fixed banker for comparison: Chemin de Fer's banker table (R16.2, R16.3, the rule at its
 * choice cells) played against the more heavily staked tableau (the right one on equal stakes),
 * or against the other when that one was paid a natural.
 */
function cheminTableAgainstHeavier(stakes: { right: number; left: number }) {
  return (bankerTotal: number, right: number, left: number): 'draw' | 'stand' => {
    const heavier = stakes.left > stakes.right ? left : right;
    const face = heavier === NATURAL_FACE ? (heavier === right ? left : right) : heavier;
    const third = face === STOOD_FACE ? null : face - 2;
    return draws(bankerDecision(bankerTotal, third)) ? 'draw' : 'stand';
  };
}

interface Row {
  readonly deck: string;
  readonly shoe: ShoeView;
  readonly five: FivePolicy;
}

const fiveName = (five: FivePolicy) =>
  typeof five === 'string' ? five : `draw ${five.draw}/${five.outOf}`;

const rows: Row[] = [
  { deck: 'infinite', shoe: { kind: 'infinite' }, five: 'draw' },
  { deck: 'infinite', shoe: { kind: 'infinite' }, five: 'stand' },
  { deck: 'infinite', shoe: { kind: 'infinite' }, five: { draw: 9, outOf: 11 } },
  { deck: '6 decks', shoe: { kind: 'finite', unseen: fullShoeRanks(6) }, five: 'draw' },
  { deck: '6 decks', shoe: { kind: 'finite', unseen: fullShoeRanks(6) }, five: 'stand' },
  { deck: '3 decks', shoe: { kind: 'finite', unseen: fullShoeRanks(3) }, five: 'draw' },
];

const percent = (r: ScenarioResult) =>
  `${roundDecimal({ num: r.edgeExact.num * 100n, den: r.edgeExact.den }, 4)} %`;

console.log('Baccara Banque: the game to the banker, % of the total staked (R29.4)');
console.log('Punters: Chemin de Fer punto rule (R16.1), on 5 as the row says. Banker: best reply');
console.log('at every position (R29.3), or Chemin de Fer’s table against the heavier tableau.\n');
console.log(
  '| deck | punters on 5 | stakes | best reply | best reply, 1.25 % cagnotte | CdF table vs heavier |',
);
console.log('|---|---|---|---|---|---|');
const tables: { title: string; result: ScenarioResult }[] = [];
for (const row of rows) {
  const scenarios: GameScenario[] = SPLITS.flatMap(({ stakes }) => [
    { stakes },
    { stakes, cagnotte: cagnotteOf(125) },
    { stakes, decide: cheminTableAgainstHeavier(stakes) },
  ]);
  const started = performance.now();
  const result = bankerGame({ shoe: row.shoe, puntoOnFive: row.five, scenarios });
  if (!result.ok) throw new Error(result.error.message);
  const ms = performance.now() - started;
  SPLITS.forEach((split, i) => {
    const [best, cagnotte, fixed] = result.value.slice(3 * i, 3 * i + 3) as [
      ScenarioResult,
      ScenarioResult,
      ScenarioResult,
    ];
    console.log(
      `| ${row.deck} | ${fiveName(row.five)} | ${split.name} | ${percent(best)} | ${percent(cagnotte)} | ${percent(fixed)} |`,
    );
    if (row.shoe.kind === 'infinite' && row.five === 'draw') {
      console.log(`|  |  |  | exact: ${best.edge.fraction} |  |  |`);
    }
    if (row.five === 'draw' && row.deck !== '3 decks') {
      tables.push({ title: `${row.deck}, stakes ${split.name}, punters draw on 5`, result: best });
    }
  });
  console.error(`(${row.deck}, on 5 ${fiveName(row.five)}: ${(ms / 1000).toFixed(1)} s)`);
}

const SHORT = FACES.map((f) => (f === 'natural' ? 'N' : f === 'stood' ? 'S' : f.slice(-1)));

function printReplies({ title, result }: { title: string; result: ScenarioResult }): void {
  console.log(`\n### Best replies: ${title}`);
  console.log(
    'Rows: right tableau; columns: left tableau. N natural paid, S stood, 0–9 the third card',
  );
  console.log(
    'drawn. D draw, S stand, M depends on which cards make the totals (finite shoe), . none.\n',
  );
  result.replies.forEach((grid, bankerTotal) => {
    const cells = grid.flat().filter((c) => c !== '');
    const only = cells.every((c) => c === cells[0]) ? cells[0] : null;
    if (only) {
      console.log(`banker ${bankerTotal}: ${only === 'D' ? 'draws' : 'stands'} everywhere`);
      return;
    }
    console.log(`banker ${bankerTotal}:`);
    console.log('```');
    console.log(`     ${SHORT.join(' ')}`);
    grid.forEach((row, r) =>
      console.log(`  ${SHORT[r]!.padStart(2)} ${row.map((c) => c || '.').join(' ')}`),
    );
    console.log('```');
  });
}

if (printTables) tables.forEach(printReplies);
else console.log('\n(add --tables for the best-reply tables)');
