import { verifyCommand } from '@banco/protocol';
import { playShoe } from '@banco/rules';
import { cardShort } from '../../lib/format';
import { TEST_VECTORS } from '../../fairness/vectors';

/**
 * The published vectors, each computed again here by @banco/rules: if a line said ✗, this
 * browser's re-run would disagree with the numbers we publish (and the CLI prints).
 */
export function TestVectors() {
  return (
    <section aria-labelledby="vectors-title" className="fair-vectors">
      <h2 id="vectors-title">Test vectors</h2>
      <p>
        Seeds in, commitment and first cards out. Any re-implementation of the shuffle should give
        the same; <code>pnpm banco verify</code> prints them too.
      </p>
      <ul>
        {TEST_VECTORS.map((v) => {
          const played = playShoe(v);
          const first = played.ok ? played.value.rounds[0] : undefined;
          const agrees =
            played.ok &&
            played.value.commitment === v.commitment &&
            played.value.burn.shown === v.burnShown &&
            first?.player.cards.join() === v.firstRound.player.join() &&
            first?.banker.cards.join() === v.firstRound.banker.join();
          return (
            <li key={v.clientSeed} data-testid="fair-vector" data-agrees={String(agrees)}>
              <dl className="facts">
                <dt>Server seed</dt>
                <dd className="mono">{v.serverSeed}</dd>
                <dt>Client seed, shoe</dt>
                <dd className="mono">
                  {JSON.stringify(v.clientSeed)}, shoe {v.shoeNumber}, {v.decks}{' '}
                  {v.decks === 1 ? 'deck' : 'decks'}, cut {v.cut}, {v.lastHand}
                </dd>
                <dt>Commitment</dt>
                <dd className="mono">{v.commitment}</dd>
                <dt>Burn card</dt>
                <dd>{cardShort(v.burnShown)}</dd>
                <dt>Round 1</dt>
                <dd>
                  Player {v.firstRound.player.map(cardShort).join(' ')} · Banker{' '}
                  {v.firstRound.banker.map(cardShort).join(' ')}
                </dd>
                <dt>Checked here</dt>
                <dd>{agrees ? '✓ this browser gets the same' : '✗ this browser disagrees'}</dd>
              </dl>
              <pre className="mono">{verifyCommand(v)}</pre>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
