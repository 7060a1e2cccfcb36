/**
 * Speed of the banker's exact values (R29.1), which the server computes inside his choice window.
 * Target: well under 20 ms a call. Run:
 *   pnpm --filter @banco/rules exec tsx bench/banker-odds-speed.ts
 */
import { bankerChoiceValues } from '../src/baccara-banque/banker-odds.js';
import {
  cagnotteOf,
  type BankerPosition,
  type TableauView,
} from '../src/baccara-banque/banker-position.js';
import { fullShoeRanks } from '../src/odds/composition.js';

const WARM_UP = 50;
const ITERATIONS = 300;

/** A six-deck shoe near its stop card: 40 cards the banker has not seen. */
const LATE_SHOE = [3, 4, 2, 3, 4, 2, 3, 3, 4, 3, 3, 2, 4];

function time(label: string, position: BankerPosition): void {
  const run = () => {
    const result = bankerChoiceValues(position);
    if (!result.ok) throw new Error(result.error.message);
  };
  for (let i = 0; i < WARM_UP; i++) run();
  let worst = 0;
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const before = performance.now();
    run();
    worst = Math.max(worst, performance.now() - before);
  }
  const mean = (performance.now() - start) / ITERATIONS;
  console.log(
    `banker values: ${label}: ${mean.toFixed(3)} ms mean, ${worst.toFixed(3)} ms worst (${ITERATIONS} calls)`,
  );
}

// Two tableaux that drew are the most hidden pairs to count; one that stood, and a natural, fewer.
const faces: [string, TableauView, TableauView][] = [
  ['drew/drew', { state: 'drew', third: 4 }, { state: 'drew', third: 9 }],
  ['stood/drew', { state: 'stood' }, { state: 'drew', third: 2 }],
  ['natural/drew', { state: 'natural' }, { state: 'drew', third: 6 }],
];
const shoes: [string, number[]][] = [
  ['fresh 6-deck shoe', fullShoeRanks(6)],
  ['late shoe (40 unseen)', LATE_SHOE],
];
for (const [shoeName, unseen] of shoes) {
  for (const [faceName, right, left] of faces) {
    time(`${shoeName}, ${faceName}`, {
      shoe: { kind: 'finite', unseen },
      bankerTotal: 5,
      right,
      left,
      stakes: { right: 20_000, left: 10_000, cheval: 5_000 },
      cagnotte: cagnotteOf(125),
    });
  }
}
time('infinite deck, drew/drew', {
  shoe: { kind: 'infinite' },
  bankerTotal: 5,
  right: { state: 'drew', third: 4 },
  left: { state: 'drew', third: 9 },
  stakes: { right: 20_000, left: 10_000 },
});
