import { OPEN_CHEMIN, openRoomLink } from '../../lib/navigation';
import './pages.css';
import { PageHeader } from './PageHeader';
import { ScrollBox } from './ScrollBox';

interface Difference {
  readonly topic: string;
  readonly here: string;
  readonly chemin: string;
  readonly banque: string;
}

const DIFFERENCES: readonly Difference[] = [
  {
    topic: 'Who holds the bank',
    here: 'The house, always. Seated players pass the shoe and deal, but never bank.',
    chemin:
      'A player. The bank stays with them while they win and moves on to the next seat when they lose.',
    banque: 'One banker for the whole shoe, chosen by auction or by taking turns on a list.',
  },
  {
    topic: 'Hands on the table',
    here: 'Two: Player and Banker.',
    chemin: 'Two: the banker’s and the punters’.',
    banque: 'Three: the banker’s against two punters’ hands, one for each half of the table.',
  },
  {
    topic: 'Choices about drawing',
    here: 'None. A printed tableau settles every card.',
    chemin:
      'A few. The punter may draw or stand on 5; the banker may choose on 3 against a third card of 9, and on 5 against a 4.',
    banque:
      'More. The punters play as in Chemin de Fer; the banker draws or stands as they please, usually against the side with more at stake.',
  },
  {
    topic: 'Who you can bet on',
    here: 'Either hand, or a tie. Anyone can back Banker without being the bank.',
    chemin: 'Punters bet against the bank, covering as much of it as they like.',
    banque: 'Punters back the hand on their side of the table against the banker.',
  },
];

/** /history: where the game on our tables comes from, and its two older cousins. */
export function HistoryPage() {
  return (
    <main className="page">
      <PageHeader title="History and variants" here="/history/" />
      <div className="page__body page__body--prose">
        <p className="page__lead">
          “Baccarat” is not one game but a family of banking games. The one on our tables, Punto
          Banco, is the youngest and the simplest to follow: it took every choice out of the older
          games and wrote them into a table.
        </p>

        <section aria-labelledby="origin-title">
          <h2 id="origin-title">Where Punto Banco comes from</h2>
          <p>
            Older French and English descriptions of baccarat tell of games in which the people
            holding the cards decided some of the draws themselves, and in which a player, not the
            house, held the bank. Casinos later settled on a fixed form: the drawing rules were
            printed as a tableau, so that every hand is played the same way and nobody has to decide
            anything.
          </p>
          <p>
            That fixed form is Punto Banco (“punto” is the player, “banco” the bank). Its two hands
            keep the old names, which is why newcomers misread them: Player and Banker are only
            labels for two hands. You can bet on Banker without dealing or banking, and betting on
            Player does not mean you play it.
          </p>
        </section>

        <section aria-labelledby="chemin-title">
          <h2 id="chemin-title">Chemin de Fer</h2>
          <p>
            In Chemin de Fer the bank belongs to a player. The banker puts up a stake and the others
            cover it in turn; one punter may cover the whole bank alone by calling “banco”, or half
            of it together with the table. Someone who loses a banco may call it again first. The
            banker keeps the bank while winning, may give it up after a win, and loses it to the
            next seat after a loss; a tie leaves it where it is.
          </p>
          <p>
            The drawing leaves room for judgement. The punter must draw on 0 to 4 and stand on 6 or
            7, but may choose on 5. The banker mostly follows the same tableau as ours, with two
            choices of his own: on 3 against a third card of 9, and on 5 against a third card of 4.
            Naturals are shown at once. The game is usually dealt from six decks, and the house
            keeps 5% of what the banker wins.
          </p>
          <p>
            <a className="button primary" href={OPEN_CHEMIN} data-testid="try-chemin">
              Try Chemin de Fer with friends
            </a>{' '}
            Open a private room that plays it, send your friends the link, and take the bank in
            turn. The shoe is shuffled as fairly, and can be checked as openly, as ours.
          </p>
        </section>

        <section aria-labelledby="banque-title">
          <h2 id="banque-title">Baccara Banque</h2>
          <p>
            Baccara Banque, also called baccara à deux tableaux, keeps one banker for the whole
            shoe, chosen by auction or from a list. The banker deals three hands: one for each half
            of the table and one of their own. Each group of punters shares the hand on its side and
            plays it by the Chemin de Fer punter&apos;s rule.
          </p>
          <p>
            The banker is free to draw or stand on any total, and usually does whatever gives the
            best chance against the side with more money on it. That freedom, and the two hands
            facing one bank, are what set it apart.
          </p>
          <p>
            <a
              className="button primary"
              href={openRoomLink('baccara-banque')}
              data-testid="try-banque"
            >
              Open a Baccara Banque room
            </a>{' '}
            Bid for the bank or take it by the list, seat your friends on the two sides, and hold it
            for the whole shoe. When you bank, the table shows you the exact value of drawing and of
            standing against each tableau before you choose.
          </p>
        </section>

        <section aria-labelledby="diff-title">
          <h2 id="diff-title">How they differ from the table here</h2>
          <div className="variants variants--wide">
            <ScrollBox label="Variants compared">
              <table className="page__table page__table--compare" data-testid="variants">
                <caption className="sr-only">
                  Punto Banco at Banco, Chemin de Fer and Baccara Banque compared
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="sr-only">Topic</span>
                    </th>
                    <th scope="col">Banco (Punto Banco)</th>
                    <th scope="col">Chemin de Fer</th>
                    <th scope="col">Baccara Banque</th>
                  </tr>
                </thead>
                <tbody>
                  {DIFFERENCES.map((d) => (
                    <tr key={d.topic}>
                      <th scope="row">{d.topic}</th>
                      <td>{d.here}</td>
                      <td>{d.chemin}</td>
                      <td>{d.banque}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          </div>
          {/* On a phone the same facts, topic by topic: a four-column table would need scrolling. */}
          <div className="variants variants--narrow" data-testid="variants-narrow">
            {DIFFERENCES.map((d) => (
              <section key={d.topic} className="variants__topic" aria-label={d.topic}>
                <h3>{d.topic}</h3>
                <dl>
                  <dt>Banco (Punto Banco)</dt>
                  <dd>{d.here}</dd>
                  <dt>Chemin de Fer</dt>
                  <dd>{d.chemin}</dd>
                  <dt>Baccara Banque</dt>
                  <dd>{d.banque}</dd>
                </dl>
              </section>
            ))}
          </div>
          <p>
            Tables also differ in smaller ways: how many decks go in the shoe, whether Banker pays a
            commission, what a tie pays, and which side bets are offered. A room&apos;s host chooses
            among them, and the <a href="/rules/">rules page</a> lists every choice with its house
            edge.
          </p>
          <p>
            <a className="button primary" href="/learn/">
              Learn to read a round
            </a>
          </p>
        </section>
      </div>
    </main>
  );
}
