import { RANKS, cardValue, handTotal, isNatural, type CardCode } from '@banco/rules';
import { BankerTableau, PlayerRule, bankerStoodRuleWords, playerRuleWords } from '../tableau';
import { spanWords } from '../tableau/words';
import { DECK_COUNTS, EDGE_LINES, edgeOf, edgePercent, edgesForDecks } from './edges';
import './pages.css';
import {
  COMMISSION_COLUMNS,
  DRAGON_MARGINS,
  MAIN_ROWS,
  RULE_SET_NAMES,
  SIDE_ROWS,
  TIE_OPTIONS,
} from './payouts';
import { PageHeader } from './PageHeader';
import { ScrollBox } from './ScrollBox';

const NATURALS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter(isNatural);
const example = (cards: CardCode[]) => ({ cards, total: handTotal(cards) });
const SEVEN_EIGHT = example(['7S', '8H']);
const NINE_NINE = example(['9D', '9C']);

/** /rules: everything a table here plays by, each figure from the rules package. */
export function RulesPage() {
  // Counted while the page is exported (a second or so), so the browser runs no odds code.
  const edges = DECK_COUNTS.map(edgesForDecks);
  return (
    <main className="page">
      <PageHeader title="Rules" here="/rules/" />
      <div className="page__body">
        <p className="page__lead">
          Banco plays Punto Banco: two hands, fixed drawing rules, and you bet on the result. Every
          value, draw, payout and percentage on this page is worked out by the same code that runs
          the tables.
        </p>
        <nav className="page__toc" aria-label="On this page">
          <a href="#values">Card values</a>
          <a href="#naturals">Naturals</a>
          <a href="#player">Player’s rule</a>
          <a href="#banker">Banker’s tableau</a>
          <a href="#payouts">Payouts</a>
          <a href="#edges">House edges</a>
        </nav>

        <section id="values" aria-labelledby="values-title">
          <h2 id="values-title">Card values and totals</h2>
          <ScrollBox label="Card values">
            <table className="page__table page__table--values" data-testid="rank-values">
              <caption className="sr-only">What each rank counts</caption>
              <thead>
                <tr>
                  <th scope="row">Rank</th>
                  {RANKS.map((rank) => (
                    <th key={rank} scope="col">
                      {rank}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Counts</th>
                  {RANKS.map((rank) => (
                    <td key={rank} data-rank={rank}>
                      {cardValue(`${rank}S`)}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </ScrollBox>
          <p>
            Suits never matter. A hand is worth the last digit of its cards&apos; sum: a 7 and an 8
            make {SEVEN_EIGHT.total}, two 9s make {NINE_NINE.total}. Totals run from 0 to 9; the
            higher total wins and equal totals are a tie.
          </p>
        </section>

        <section id="naturals" aria-labelledby="naturals-title">
          <h2 id="naturals-title">Naturals</h2>
          <p>
            Each hand gets two cards, dealt Player, Banker, Player, Banker. If either hand makes{' '}
            {spanWords(NATURALS)} with those two, that is a natural: both hands stand at once and
            the totals are compared. A natural is checked before anything else.
          </p>
        </section>

        <section id="player" aria-labelledby="player-title">
          <h2 id="player-title">Player’s rule</h2>
          <p>Without a natural, {playerRuleWords()}.</p>
          <PlayerRule explain={false} />
        </section>

        <section id="banker" aria-labelledby="banker-title">
          <h2 id="banker-title">Banker’s tableau</h2>
          <p>
            If Player stood, {bankerStoodRuleWords()}. If Player drew, Banker&apos;s decision
            depends on the <em>value of Player&apos;s third card</em> (10, J, Q and K count 0),
            never on Player&apos;s new total. Pick any cell to read why.
          </p>
          <BankerTableau interactive lit={{ banker: 4, third: 2 }} />
        </section>

        <section id="payouts" aria-labelledby="payouts-title">
          <h2 id="payouts-title">Payouts</h2>
          <p>
            Odds are winnings per chip staked; a winning bet also gets its stake back. A host picks
            one rule set for a room.
          </p>
          <ScrollBox label="Main bets by rule set">
            <table className="page__table" data-testid="main-payouts">
              <caption>Main bets, by rule set</caption>
              <thead>
                <tr>
                  <th scope="col">Case</th>
                  {COMMISSION_COLUMNS.map((c) => (
                    <th key={c} scope="col">
                      {RULE_SET_NAMES[c]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {MAIN_ROWS.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {row.cells.map((cell) => (
                      <td key={cell.commission}>
                        {cell.words} <span className="page__rule">{cell.rule}</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <p>
            The Tie bet pays {TIE_OPTIONS.map((t) => t.words).join(' or ')}, a setting of the table
            (8:1 unless the host chooses 9:1). Under every rule set a bet on a losing result is
            collected.
          </p>
          <ScrollBox label="Side bets">
            <table className="page__table" data-testid="side-payouts">
              <caption>Side bets (a host may offer them)</caption>
              <thead>
                <tr>
                  <th scope="col">Bet</th>
                  <th scope="col">Wins when</th>
                  <th scope="col">Pays</th>
                </tr>
              </thead>
              <tbody>
                {SIDE_ROWS.map((row) => (
                  <tr key={row.spot}>
                    <th scope="row">{row.name}</th>
                    <td>{row.when}</td>
                    <td>{row.pays}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <ScrollBox label="Dragon Bonus by margin">
            <table className="page__table page__table--narrow" data-testid="dragon-margins">
              <caption>Dragon Bonus: a win without a natural, by how many points</caption>
              <thead>
                <tr>
                  <th scope="col">Wins by</th>
                  <th scope="col">Pays</th>
                </tr>
              </thead>
              <tbody>
                {DRAGON_MARGINS.map(({ margin, words }, i) => (
                  <tr key={margin}>
                    <th scope="row">
                      {i === DRAGON_MARGINS.length - 1 && words === 'loses'
                        ? `${margin} or fewer`
                        : margin}
                    </th>
                    <td>{words}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </section>

        <section id="edges" aria-labelledby="edges-title">
          <h2 id="edges-title">House edges</h2>
          <p>
            The house edge is what a bet loses on average per chip staked, counted exactly over
            every way the next six cards can leave a full shoe. “Excluding ties” counts only the
            rounds that settle the bet, since a tie hands the stake back. A negative edge favours
            the bettor: even-money Banker is a practice rule, not a casino one. The same figures
            come out of <code>pnpm banco odds --decks N</code>.
          </p>
          <h3 className="page__caption" id="edges-caption">
            House edge by number of decks in the shoe
          </h3>
          <p className="page__hint">Swipe the table sideways for 3 to 8 decks.</p>
          <ScrollBox label="House edges by decks">
            <table
              className="page__table page__table--edges"
              data-testid="edges"
              aria-labelledby="edges-caption"
            >
              <thead>
                <tr>
                  <th scope="col">Bet</th>
                  {edges.map((row) => (
                    <th key={row.decks} scope="col">
                      {row.decks} {row.decks === 1 ? 'deck' : 'decks'}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {EDGE_LINES.map((line) => (
                  <tr key={line.key} className={line.excludingTies ? 'is-sub' : undefined}>
                    <th scope="row">{line.label}</th>
                    {edges.map((row) => (
                      <td key={row.decks} data-edge={line.key} data-decks={row.decks}>
                        {edgePercent(edgeOf(row, line.key)).replace('-', '−')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </section>
      </div>
    </main>
  );
}
