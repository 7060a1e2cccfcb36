import type { Metadata } from 'next';
import { PageShell } from '../../src/components/pages/PageShell';

export const metadata: Metadata = { title: 'Play responsibly — Banco' };

/** Static: a few plain requests, in our own words. */
export default function PlayResponsibly() {
  return (
    <PageShell title="Play responsibly">
      <p className="page__lead">
        Banco is a game for an evening with friends. A few things we would like you to keep in mind.
      </p>
      <section aria-labelledby="time-title">
        <h2 id="time-title">Take your time</h2>
        <p>
          The practice table never hurries you, and a live table waits a fair while for every bet.
          If a decision needs a moment, take it. Nobody wins by being quick.
        </p>
      </section>
      <section aria-labelledby="bored-title">
        <h2 id="bored-title">Walk away when it stops being fun</h2>
        <p>
          Close the tab whenever you like. There is no streak to chase: every round is a fresh
          shuffle of the same odds, and a run of Banker wins says nothing about the next hand. The
          table will still be here tomorrow, and we do not count your visits.
        </p>
      </section>
      <section aria-labelledby="money-title">
        <h2 id="money-title">No real money, ever</h2>
        <p>
          Chips here are virtual. You cannot buy them, sell them or cash them out, and they are
          topped up for free when you run low. If anyone offers to trade Banco chips for money, it
          is not us.
        </p>
      </section>
      <section aria-labelledby="age-title">
        <h2 id="age-title">18 and over</h2>
        <p>
          Even with play chips, a card table is for adults. If you are under 18, or where you live
          says this kind of game is not for you, please leave it be.
        </p>
      </section>
      <section aria-labelledby="water-title">
        <h2 id="water-title">Have a glass of water</h2>
        <p>
          Late rounds go quickly. Stand up now and then, stretch, drink some water. The shoe can
          wait.
        </p>
      </section>
    </PageShell>
  );
}
