import { cheminDeFer } from '@banco/rules';
import { UsageError, type CliIo } from './io.js';

export interface CheminOptions {
  decks: number;
  cagnotte: number;
  /** Also solve the model where the punto sees his two cards (about ten seconds more). */
  puntoSeesCards?: boolean | undefined;
}

type ChoiceOdds = cheminDeFer.ChoiceOdds;
type OptionCounts = cheminDeFer.OptionCounts;

const FIVES = [
  [0, 5],
  [1, 4],
  [2, 3],
  [6, 9],
  [7, 8],
] as const;
const THREES = [
  [0, 3],
  [1, 2],
  [4, 9],
  [5, 8],
  [6, 7],
] as const;

/** Exact percent of `count` in `denominator`, rounded to two places in BigInt (no float on the way). */
const pct = (count: number, denominator: number) =>
  `${cheminDeFer.roundDecimal(cheminDeFer.rational(BigInt(count) * 100n, BigInt(denominator)), 2)} %`;

function fullShoeLess(decks: number, cards: readonly number[]): number[] {
  const values = [16 * decks, ...Array<number>(9).fill(4 * decks)];
  for (const value of cards) values[value]! -= 1;
  return values;
}

function line(label: string, odds: ChoiceOdds): string {
  const cell = (o: OptionCounts) =>
    `${pct(o.win, odds.denominator).padStart(8)} ${pct(o.lose, odds.denominator).padStart(8)} ${pct(o.tie, odds.denominator).padStart(8)}`;
  const edge = (o: OptionCounts) => o.win - o.lose;
  const better =
    edge(odds.draw) > edge(odds.stand)
      ? 'draw'
      : edge(odds.draw) < edge(odds.stand)
        ? 'stand'
        : 'either';
  return `  ${label.padEnd(14)}draw ${cell(odds.draw)}   stand ${cell(odds.stand)}   better: ${better}`;
}

function unwrap<T>(
  result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!result.ok) throw new UsageError(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** `banco chemin`: the Chemin de Fer choice figures (R18.1) and the game's equilibria (R18.2–R18.4). */
export function chemin(options: CheminOptions, io: CliIo): void {
  const { decks, cagnotte } = options;
  io.out(
    `Chemin de Fer, ${decks} deck(s), first coup of the shoe: win / lose / tie for the one choosing (R18.1)`,
  );
  io.out('');
  io.out('Punto on 5, banker playing by the rule');
  for (const hand of FIVES) {
    io.out(
      line(`${hand[0]}+${hand[1]}`, unwrap(cheminDeFer.puntoChoiceOdds(fullShoeLess(decks, hand)))),
    );
  }
  io.out('');
  io.out('Banker on 3 against a 9, punto drawing on 5 by the rule');
  for (const hand of THREES) {
    io.out(
      line(
        `${hand[0]}+${hand[1]} v 9`,
        unwrap(cheminDeFer.bankerChoiceOdds(fullShoeLess(decks, [...hand, 9]), 3, 9)),
      ),
    );
  }
  io.out('');
  io.out('Banker on 5 against a 4, punto drawing on 5 by the rule');
  for (const hand of FIVES) {
    io.out(
      line(
        `${hand[0]}+${hand[1]} v 4`,
        unwrap(cheminDeFer.bankerChoiceOdds(fullShoeLess(decks, [...hand, 4]), 5, 4)),
      ),
    );
  }
  io.out('');
  io.out(`Equilibria, cagnotte 0 % and ${cagnotte} % (R18.2–R18.4)`);
  const shoe = { kind: 'shoe' as const, values: fullShoeLess(decks, []) };
  const models: [string, cheminDeFer.GameModel, cheminDeFer.BankerFreedom][] = [
    [
      'infinite deck, parlor (Kemeny–Snell)',
      { source: { kind: 'infinite' }, puntoSees: 'total', bankerSees: 'total' },
      'parlor',
    ],
    [
      `${decks} deck(s), parlor, banker sees his cards`,
      { source: shoe, puntoSees: 'total', bankerSees: 'composition' },
      'parlor',
    ],
    [
      'infinite deck, casino (banker free at 3v9, 5v4)',
      { source: { kind: 'infinite' }, puntoSees: 'total', bankerSees: 'total' },
      'table',
    ],
    [
      `${decks} deck(s), casino`,
      { source: shoe, puntoSees: 'total', bankerSees: 'total' },
      'table',
    ],
  ];
  if (options.puntoSeesCards) {
    models.push([
      `${decks} deck(s), parlor, both see their cards`,
      { source: shoe, puntoSees: 'composition', bankerSees: 'composition' },
      'parlor',
    ]);
  }
  for (const [label, model, freedom] of models) {
    const counts = cheminDeFer.gameCounts(model);
    for (const cagnottePercent of [0, cagnotte]) {
      for (const e of cheminDeFer.equilibria({ counts, cagnottePercent, freedom })) {
        const byFive =
          e.puntoDrawsBy.size > 1
            ? ` [${[...e.puntoDrawsBy].map(([five, r]) => `${five}: ${cheminDeFer.formatRational(r)}`).join(', ')}]`
            : '';
        const mixes = e.bankerMixes.map(
          (m) => `${m} draws ${cheminDeFer.formatRational(e.bankerDraws.get(m)!)}`,
        );
        io.out(
          `  ${label}, cagnotte ${cagnottePercent} %: punto draws on 5 with p = ${cheminDeFer.formatRational(e.puntoDraws)}${byFive}` +
            ` (${cheminDeFer.toDecimal(e.puntoDraws, 6)}); banker ${cheminDeFer.roundDecimal(mul100(e.bankerValue), 4)} %,` +
            ` punto ${cheminDeFer.roundDecimal(mul100(e.puntoValue), 4)} %${mixes.length ? `; banker mixes: ${mixes.join(', ')}` : ''}`,
        );
      }
    }
  }
}

const mul100 = (r: cheminDeFer.Rational) => cheminDeFer.rational(r.num * 100n, r.den);
