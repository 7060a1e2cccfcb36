'use client';
import type { CheminDeFerView } from '@banco/protocol';
import { cheminDeFer } from '@banco/rules';
import { chips } from '../../lib/format';
import { coupWords } from '../../chemin/words';
import { cheminShuffling } from '../../store/table-state';
import { watchingWords } from '../../table/watching-words';
import { Seats } from '../Seats';
import type { GameScreenProps } from '../table/game-screen';
import { TableShell } from '../table/TableShell';
import { CheminFelt, CheminPanel, type CheminActions, type CheminTableProps } from './CheminTable';
import './chemin.css';

const CHEMIN_SEAT_WORDS = { holds: 'bank', stake: 'in play' };

/** What each seat has on the coup in play: the bank for the banker, each cover for a punter. */
function stakesOf(view: CheminDeFerView): Map<number, number> {
  const coup = view.coup;
  const stakes = new Map<number, number>();
  if (!coup) return stakes;
  stakes.set(coup.banker, coup.bank);
  // While the bank is open, what each call offers; once covered, what was taken (R15.4).
  for (const c of coup.calls) stakes.set(c.seat, cheminDeFer.offered(c.call, coup.bank));
  for (const c of coup.cover?.covers ?? []) stakes.set(c.seat, c.amount);
  return stakes;
}

/** What each seat won or lost on the coup just settled, net of its stake and the cagnotte. */
function changesOf(view: CheminDeFerView): Map<number, { lost: number; won: number }> {
  const changes = new Map<number, { lost: number; won: number }>();
  const last = view.coup ?? view.last;
  const paid = last?.settlement;
  if (!last || !paid || !last.cover) return changes;
  const net = (seat: number, amount: number) => {
    if (amount !== 0) changes.set(seat, { lost: Math.max(0, -amount), won: Math.max(0, amount) });
  };
  net(last.banker, paid.bankerNet);
  for (const c of last.cover.covers) {
    net(c.seat, (paid.punters.find((p) => p.seat === c.seat)?.amount ?? 0) - c.amount);
  }
  return changes;
}

/** A Chemin de Fer room: the same shell, seats, room bar, share panel and chat as any table. */
export default function CheminScreen({ table, tableId, guest, perms }: GameScreenProps) {
  const { state, notice, act, hostSend } = table;
  const watching = watchingWords(state, perms);
  const view = state.chemin;
  if (!view) return null;
  const { seat, mySeat } = perms;
  const name = (n: number) => state.seats.find((s) => s.seat === n)?.player.name ?? `Seat ${n}`;
  const actions: CheminActions = {
    post: (coup, amount) => void act('chemin.bank.post', { tableId, coup, amount }),
    decline: () => void act('chemin.bank.decline', { tableId }),
    pass: () => void act('chemin.bank.pass', { tableId }),
    cover: (coup, call) => void act('chemin.cover', { tableId, coup, call }),
    choose: (hand, coup, option) =>
      void act(hand === 'punto' ? 'chemin.punto.choose' : 'chemin.banker.choose', {
        tableId,
        coup,
        option,
      }),
  };
  const props: CheminTableProps = {
    view,
    cards: state.cheminCards,
    you: seat,
    balance: mySeat?.balance ?? null,
    limits: state.settings?.cheminDeFer?.bank ?? null,
    clockOffset: state.clockOffset,
    name,
    actions,
    shuffling: cheminShuffling(state),
    passed: state.cheminPassed,
    cagnottePercent: state.settings?.cheminDeFer?.cagnottePercent ?? null,
    burn: state.shoe ? { shown: state.shoe.burnShown, burned: state.shoe.burned } : null,
  };
  // A seat holds the bank once it plays it, or rides it; a fresh bank is only offered to one.
  const { offer } = view;
  const banker = view.coup?.banker ?? (offer.kind === 'ride' ? offer.seat : null);
  const offered = view.coup === null && offer.kind === 'fresh' ? offer.seat : null;
  return (
    <TableShell
      state={state}
      perms={perms}
      className="table-page--chemin"
      data={{ 'data-game': 'chemin-de-fer' }}
      title={state.name || 'Chemin de Fer'}
      round={`Chemin de Fer · ${coupWords(view)}`}
      onLeave={seat === null ? null : () => void act('seat.leave', { tableId, seat })}
      notice={notice}
      felt={
        <section className="felt-wrap" aria-label="Table">
          <div className="felt felt--chemin">
            <div className="felt__center">
              <CheminFelt {...props} />
            </div>
            {state.settings ? (
              <Seats
                count={state.settings.seats}
                seats={state.seats}
                holder={banker}
                offerTo={offered}
                yourSeat={seat}
                betting={false}
                stakes={stakesOf(view)}
                words={CHEMIN_SEAT_WORDS}
                changes={changesOf(view)}
                onSit={perms.maySit ? (n) => void table.sit(n) : null}
                asks={perms.asksToSit}
                sittingOut={state.evening?.sittingOut.map((s) => s.seat)}
              />
            ) : null}
          </div>
          {mySeat ? (
            <p className="felt__meta" data-testid="your-balance" data-minor={mySeat.balance}>
              Your chips: <strong>{chips(mySeat.balance)}</strong>
            </p>
          ) : (
            <p className="felt__meta" data-testid={watching.testId}>
              {watching.text}
            </p>
          )}
        </section>
      }
      panel={
        <div className="bets-wrap">
          <CheminPanel {...props} />
        </div>
      }
      hostSend={hostSend}
      share={{ tableId, token: guest.token }}
      evening={table.eveningSend}
      chat={{
        send: (body) => table.send('chat.send', { tableId, ...body }),
        mute: (playerId, muted) => hostSend('room.mute', { playerId, muted }),
      }}
    />
  );
}
