import type { RoundRecord, ShoeReply } from '@banco/protocol';
import { useEffect, useState } from 'react';
import { SPOT_LABELS } from '../../bets/spots';
import { chips, signedChips } from '../../lib/format';
import { serverOrigin } from '../../lib/origin';
import { resultSentence, whySentence } from '../../lib/words';
import { CardFace } from '../Card';
import { cardSpoken } from '../../lib/format';
import { loadShoe, netOf, replay, shoePath, yourBetsIn, type YourBet } from './history-data';

export interface HandHistoryProps {
  tableId: string;
  playerId: string;
  rounds: readonly RoundRecord[] | null;
  failed: boolean;
  /** The round to show opened (its id), e.g. from a pip of the result strip. */
  openId: string | null;
  onOpen: (id: string | null) => void;
}

const RESULT_WORDS: Record<YourBet['result'], string> = {
  win: 'won',
  push: 'pushed',
  lose: 'lost',
};

function Cards({ cards, side }: { cards: readonly string[]; side: 'player' | 'banker' }) {
  return (
    <ul
      className="history__cards"
      aria-label={`${side === 'player' ? 'Player' : 'Banker'}'s cards`}
    >
      {cards.map((card, i) => (
        <li key={`${card}-${i}`} className="history__card" data-face={card}>
          <CardFace face={card} />
          <span className="sr-only">{cardSpoken(card)}</span>
        </li>
      ))}
    </ul>
  );
}

function Verify({ record, tableId }: { record: RoundRecord; tableId: string }) {
  const [shoe, setShoe] = useState<ShoeReply | null | 'failed'>(null);
  useEffect(() => {
    let alive = true;
    loadShoe(record.shoeId, tableId).then(
      (reply) => alive && setShoe(reply),
      () => alive && setShoe('failed'),
    );
    return () => {
      alive = false;
    };
  }, [record.shoeId, tableId]);
  if (shoe === null) return <p className="history__verify">Looking up the shoe…</p>;
  if (shoe === 'failed')
    return <p className="history__verify">The shoe’s record cannot be read now.</p>;
  if (shoe.endedAt === null || shoe.verification === null) {
    return (
      <p className="history__verify" data-testid="verify-pending">
        Shoe {shoe.number} is still in play: its seed stays secret until the shoe ends, then this
        round can be checked card by card.
      </p>
    );
  }
  const { verification } = shoe;
  const found = verification.verified
    ? ': the server dealt it again from the seeds and every card matches. '
    : `, but dealing it again from the seeds does not give the cards that were played${verification.mismatches.length > 0 ? ` (rounds ${verification.mismatches.join(', ')} differ)` : ''}. `;
  return (
    <p
      className="history__verify"
      data-testid="verify-ready"
      data-verified={verification.verified ? 'true' : 'false'}
    >
      Shoe {shoe.number} has ended and its seed is public{found}
      <a href={`${serverOrigin()}${shoePath(record.shoeId, tableId)}`} data-testid="verify-link">
        Check the shoe yourself
      </a>{' '}
      (or run <code>{verification.command}</code>).
    </p>
  );
}

function RoundDetail({
  record,
  tableId,
  playerId,
}: {
  record: RoundRecord;
  tableId: string;
  playerId: string;
}) {
  const round = replay(record);
  const bets = yourBetsIn(record, playerId);
  const net = netOf(bets);
  return (
    <div className="history__detail" data-testid="history-detail" data-round={record.number}>
      {round ? (
        <div className="history__hands">
          {(['player', 'banker'] as const).map((side) => (
            <div key={side} className={`history__hand history__hand--${side}`}>
              {/* Read as a sentence ("Banker 0, a pair"): the badges are words after a comma. */}
              <h4>
                {side === 'player' ? 'Player' : 'Banker'}{' '}
                <span className="history__total" data-testid={`history-${side}-total`}>
                  {round[side].total}
                </span>
                {round[side].natural ? (
                  <>
                    <span className="sr-inline">,</span>{' '}
                    <span className="history__tag">
                      <span className="sr-inline">a </span>natural
                    </span>
                  </>
                ) : null}
                {round[side].pair ? (
                  <>
                    <span className="sr-inline">,</span>{' '}
                    <span className="history__tag">
                      <span className="sr-inline">a </span>pair
                    </span>
                  </>
                ) : null}
              </h4>
              <Cards cards={round[side].cards} side={side} />
            </div>
          ))}
        </div>
      ) : null}
      {round ? (
        <ol className="history__why">
          {round.trace.map((step) => (
            <li key={step.hand}>{whySentence(step)}</li>
          ))}
        </ol>
      ) : null}
      {bets.length === 0 ? (
        <p className="history__yours">You had no bet on this round.</p>
      ) : (
        <table className="history__bets" data-testid="history-bets">
          <caption className="sr-only">Your bets on this round</caption>
          <thead>
            <tr>
              <th scope="col">Your bet</th>
              <th scope="col">Stake</th>
              <th scope="col">Result</th>
              <th scope="col">Back</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((bet) => (
              <tr key={bet.spot} data-spot={bet.spot}>
                <th scope="row">{SPOT_LABELS[bet.spot as keyof typeof SPOT_LABELS] ?? bet.spot}</th>
                <td>{chips(bet.amount)}</td>
                <td>{RESULT_WORDS[bet.result]}</td>
                <td>{chips(bet.returned)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Net for the round
              </th>
              <td data-testid="history-net">{signedChips(net)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <Verify record={record} tableId={tableId} />
    </div>
  );
}

/** Settled rounds, newest first; a row opens that round's cards, your bets and the shoe's proof. */
export default function HandHistory({
  tableId,
  playerId,
  rounds,
  failed,
  openId,
  onOpen,
}: HandHistoryProps) {
  if (rounds === null) {
    return (
      <p className="instruments__empty">
        {failed ? 'The history cannot be read just now.' : 'Reading the history…'}
      </p>
    );
  }
  if (rounds.length === 0) {
    return <p className="instruments__empty">No round has been settled at this table yet.</p>;
  }
  return (
    <ol className="history" data-testid="hand-history" aria-label="Settled rounds, newest first">
      {rounds.slice(0, 40).map((record) => {
        const open = record.id === openId;
        const bets = yourBetsIn(record, playerId);
        const detailId = `history-${record.id}`;
        return (
          <li key={record.id} className={`history__row${open ? ' is-open' : ''}`}>
            <button
              type="button"
              className="history__summary"
              aria-expanded={open}
              aria-controls={open ? detailId : undefined}
              data-testid="history-row"
              data-round={record.number}
              data-shoe={record.shoeNumber}
              onClick={() => onOpen(open ? null : record.id)}
            >
              <span className={`history__pip pip pip--${record.outcome}`} aria-hidden="true">
                {record.outcome === 'tie' ? 'T' : record.outcome === 'banker' ? 'B' : 'P'}
              </span>
              <span className="history__what">
                Shoe {record.shoeNumber}, hand {record.number}:{' '}
                {resultSentence(record.outcome, record.playerTotal, record.bankerTotal)}
              </span>
              <span className="history__mine">
                {bets.length === 0 ? 'no bet' : signedChips(netOf(bets))}
              </span>
            </button>
            {open ? (
              <div id={detailId}>
                <RoundDetail record={record} tableId={tableId} playerId={playerId} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
