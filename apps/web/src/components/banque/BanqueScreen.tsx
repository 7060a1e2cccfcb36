'use client';
import type { BanqueCards } from '@banco/protocol';
import { baccaraBanque, handTotal, type CardCode } from '@banco/rules';
import { bankerValuesOf, banqueModel, ownCardsOf } from '../../banque/from-view';
import { chips } from '../../lib/format';
import { gameEvent, gamePrivate } from '../../store/table-state';
import { watchingWords } from '../../table/watching-words';
import type { GameScreenProps } from '../table/game-screen';
import { TableShell } from '../table/TableShell';
import { BanqueFelt } from './BanqueFelt';
import { BanquePanel, type BanqueActions } from './BanquePanel';
import './banque.css';

/** A Baccara Banque room: the same shell, room bar, share panel and chat as any table. */
export default function BanqueScreen({ table, tableId, guest, perms }: GameScreenProps) {
  const { state, notice, act, hostSend } = table;
  const room = state.settings?.baccaraBanque;
  // T16.13: a room that plays room chips gives watchers no turn (its chips go with the seats).
  const settings = room && {
    ...room,
    watchersMayCover: room.watchersMayCover && state.settings?.evening?.chips !== 'room',
  };
  // Every event kept is newer than the snapshot (a snapshot starts them over).
  const view =
    gameEvent(state, 'banque.updated')?.view ?? state.game.snapshot?.baccaraBanque ?? null;
  if (!view || !settings || !state.settings) return null;
  const { seat, mySeat } = perms;
  const watching = watchingWords(state, perms);
  const you = { seat, playerId: state.you.playerId };
  const model = banqueModel(view, settings, state.settings.seats, you);
  const cards = gamePrivate<BanqueCards>(state, 'banque.cards');
  const name = (n: number) => state.seats.find((s) => s.seat === n)?.player.name ?? `Seat ${n}`;
  const coup = view.coup?.coup ?? view.nextCoup;
  const actions: BanqueActions = {
    bid: (amount) => void act('banque.bid', { tableId, amount }),
    post: (how, amount) =>
      void (how === 'list'
        ? act('banque.bank.post', { tableId, amount })
        : act('banque.bank.take-over', { tableId, amount })),
    decline: () => void act('banque.bank.decline', { tableId }),
    stake: (on, amount) =>
      void act('banque.stake', { tableId, coup, call: { kind: 'stake', on, amount } }),
    banco: (on) => void act('banque.stake', { tableId, coup, call: { kind: 'banco', on } }),
    bancoShared: () => void act('banque.stake', { tableId, coup, call: { kind: 'banco-shared' } }),
    noStake: () => void act('banque.stake', { tableId, coup, call: { kind: 'none' } }),
    holderChoose: (option) => {
      const pending = view.coup?.pending;
      if (pending && pending.hand !== 'banker') {
        void act('banque.punto.choose', { tableId, coup, tableau: pending.hand, option });
      }
    },
    bankerChoose: (option) => void act('banque.banker.choose', { tableId, coup, option }),
    topUp: (to) => void act('banque.bank.top-up', { tableId, to }),
    retire: () => void act('banque.bank.retire', { tableId }),
  };
  const yourSide = seat === null ? null : baccaraBanque.sideOf(seat);
  const own = ownCardsOf(cards, view);
  const pending = view.coup?.pending;
  const holding =
    own && pending && pending.seat === seat && pending.hand === own.hand && own.cards.length >= 2;
  return (
    <TableShell
      state={state}
      perms={perms}
      className="table-page--banque"
      data={{ 'data-game': 'baccara-banque' }}
      title={state.name || 'Baccara Banque'}
      round={`Baccara Banque · ${view.coup ? `coup ${view.coup.coup}` : view.last ? `coup ${view.last.coup} over` : `coup ${view.nextCoup} next`}`}
      onLeave={seat === null ? null : () => void act('seat.leave', { tableId, seat })}
      notice={notice}
      felt={
        <section className="felt-wrap" aria-label="Table">
          <div className="banque-felt">
            <BanqueFelt
              model={model}
              seats={state.seats}
              you={seat}
              own={own}
              name={name}
              onSit={perms.maySit ? (n) => void table.sit(n) : null}
              asks={perms.asksToSit}
              sittingOut={state.evening?.sittingOut.map((s) => s.seat)}
            />
          </div>
          {mySeat ? (
            <p className="felt__meta" data-testid="your-balance" data-minor={mySeat.balance}>
              Your chips: <strong>{chips(mySeat.balance)}</strong>
            </p>
          ) : (
            <p className="felt__meta" data-testid={watching.testId}>
              {watching.text}
              {settings.watchersMayCover
                ? ' This room lets watchers cover what the seated leave, once they have all called.'
                : ''}
            </p>
          )}
        </section>
      }
      panel={
        <div className="bets-wrap">
          <BanquePanel
            model={model}
            you={seat}
            yourSide={yourSide}
            balance={mySeat?.balance ?? null}
            values={bankerValuesOf(cards, view)}
            holderTotal={holding ? handTotal(own.cards.slice(0, 2) as CardCode[]) : null}
            clockOffset={state.clockOffset}
            name={name}
            actions={actions}
          />
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
