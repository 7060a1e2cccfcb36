'use client';
import type { CommandInput, CommandName } from '@banco/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { serverOrigin } from '../lib/origin';
import { storeGuest, type StoredGuest } from '../lib/session';
import { refusalWords } from '../lib/words';
import type { TableConnection } from '../net/connection';
import { inviteFor } from '../evening/invite';
import type { EveningSend } from '../evening/send';
import type { HostSend } from '../rooms/host';
import { goneReason, yourBets } from '../store/derive';
import type { TableState } from '../store/table-state';
import { TableStore, useTable } from '../store/table-store';
import type { Answer, Bet } from './answer';
import { nextConfirmId, type ConfirmKey } from './confirm-id';
import { momentOf } from './moment';
import { freeSeatsOf } from './permissions';

export type Send = <N extends CommandName>(name: N, payload: CommandInput<N>) => Promise<Answer>;

/** Everything the table page does besides drawing: the view reads `state` and calls these. */
export interface TableController {
  state: TableState;
  store: TableStore;
  /** The last refusal of an action, in words, until the next action or round. */
  notice: string | null;
  /** The bets confirmed in the last round this player bet in, for Rebet. */
  lastBets: Bet[];
  send: Send;
  /** Sends a command and shows its refusal, if any, as the notice. */
  act: <N extends CommandName>(name: N, payload: CommandInput<N>) => Promise<Answer>;
  hostSend: HostSend;
  /** P9.7–P9.12: the evening's commands at this table. */
  eveningSend: EveningSend;
  /**
   * Sit down: at once, or, where the host approves each player (P9.7), ask to sit in that seat;
   * the refusal, if any, is the notice.
   */
  sit(seat?: number): Promise<Answer>;
  confirmBets(bets: Bet[]): Promise<Answer>;
  declareNoBet(): Promise<Answer>;
}

/**
 * The table's controller: connects (after the first paint), sends commands, takes a seat for
 * `?sit=1`, makes confirm ids that make a retry the same bet, and remembers the last bets.
 */
export function useTableController(
  tableId: string,
  autoSit: boolean,
  guest: StoredGuest,
): TableController {
  const store = useMemo(() => new TableStore(tableId), [tableId]);
  const state = useTable(store);
  const connection = useRef<TableConnection | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [lastBets, setLastBets] = useState<Bet[]>([]);
  const confirmKey = useRef<ConfirmKey | null>(null);
  const triedSit = useRef(false);

  useEffect(() => {
    let alive = true;
    // The socket layer and its schemas load after the first paint: the shell shows at once.
    void import('../net/connection').then(({ connectTable }) => {
      if (!alive) return;
      connection.current = connectTable({
        origin: serverOrigin(),
        token: guest.token,
        tableId,
        store,
        onRefused: (code) => {
          if (code === 'UNAUTHORIZED' || code === 'SESSION_EXPIRED') {
            storeGuest(null);
            window.location.replace('/');
          }
        },
      });
    });
    return () => {
      alive = false;
      connection.current?.close();
      connection.current = null;
    };
  }, [store, tableId, guest.token]);

  const send: Send = useCallback(async (name, payload) => {
    const live = connection.current;
    if (!live) return { ok: false, code: 'OFFLINE', message: 'not connected' };
    const ack = await live.send(name, payload);
    if (ack.ok) return { ok: true };
    return 'spot' in ack
      ? { ok: false, code: ack.code, message: ack.message, spot: ack.spot }
      : { ok: false, code: ack.code, message: ack.message };
  }, []);

  const hostSend: HostSend = useCallback(
    (name, payload) => send(name, { tableId, ...payload } as CommandInput<typeof name>),
    [send, tableId],
  );

  const eveningSend: EveningSend = useCallback(
    (name, payload) => send(name, { tableId, ...payload } as CommandInput<typeof name>),
    [send, tableId],
  );

  const sit = useCallback(
    async (seat?: number): Promise<Answer> => {
      const now = store.get();
      const youHost = now.room !== null && now.room.hostPlayerId === now.you.playerId;
      const asks = now.evening?.settings.seating === 'host-approves' && !youHost;
      const invite = inviteFor(tableId);
      const answer = asks
        ? await send('seat.request', {
            tableId,
            ...(seat === undefined ? {} : { seat }),
            ...(invite ? { invite } : {}),
          })
        : seat === undefined
          ? { ok: false as const, code: 'SEAT_OUT_OF_RANGE' as const, message: 'no seat' }
          : await send('seat.take', { tableId, seat });
      setNotice(answer.ok ? null : refusalWords(answer.code));
      return answer;
    },
    [send, store, tableId],
  );

  const gone = goneReason(state);
  // Nothing more will come from a table that has shut this player out.
  useEffect(() => {
    if (gone) connection.current?.close();
  }, [gone]);

  const act = useCallback(
    async <N extends CommandName>(name: N, payload: CommandInput<N>) => {
      const answer = await send(name, payload);
      setNotice(answer.ok ? null : refusalWords(answer.code));
      return answer;
    },
    [send],
  );

  const seat = state.you.seat;
  // `?sit=1` from the lobby: take the first free seat once the table is known.
  useEffect(() => {
    if (!autoSit || triedSit.current || state.connection !== 'live' || seat !== null) return;
    triedSit.current = true;
    void (async () => {
      // Where the host approves each player, the lobby's "sit" is a request for any seat.
      const now = store.get();
      const youHost = now.room !== null && now.room.hostPlayerId === now.you.playerId;
      if (now.evening?.settings.seating === 'host-approves' && !youHost) {
        await sit();
        window.history.replaceState(null, '', `?id=${encodeURIComponent(tableId)}`);
        return;
      }
      for (const n of freeSeatsOf(store.get())) {
        const answer = await send('seat.take', { tableId, seat: n });
        if (answer.ok || (answer.code !== 'SEAT_TAKEN' && answer.code !== 'SEAT_OUT_OF_RANGE')) {
          if (!answer.ok) setNotice(refusalWords(answer.code));
          break;
        }
      }
      window.history.replaceState(null, '', `?id=${encodeURIComponent(tableId)}`);
    })();
  }, [autoSit, state.connection, seat, send, sit, tableId, store]);

  // Remember this round's confirmed bets for the next round's Rebet.
  const mineKey = JSON.stringify(yourBets(state));
  useEffect(() => {
    const bets = JSON.parse(mineKey) as Bet[];
    if (bets.length > 0) setLastBets(bets);
  }, [mineKey]);

  const round = state.round?.seq ?? null;
  // A refusal belongs to the moment it happened in: the round, or the bank's offer, cover, choice.
  const moment = momentOf(state);
  useEffect(() => setNotice(null), [moment]);

  const confirmBets = async (bets: Bet[]): Promise<Answer> => {
    if (round === null || seat === null) return { ok: false, code: 'WRONG_PHASE', message: '' };
    // The same bets again in the same round reuse the id, so a retry is never a second bet (T3.7).
    confirmKey.current = nextConfirmId(confirmKey.current, round, bets);
    return send('bets.confirm', {
      tableId,
      round,
      seat,
      confirmId: confirmKey.current.id,
      bets: bets as CommandInput<'bets.confirm'>['bets'],
    });
  };
  const declareNoBet = async (): Promise<Answer> => {
    if (round === null || seat === null) return { ok: false, code: 'WRONG_PHASE', message: '' };
    return send('bets.none', { tableId, round, seat });
  };

  return {
    state,
    store,
    notice,
    lastBets,
    send,
    act,
    hostSend,
    eveningSend,
    sit,
    confirmBets,
    declareNoBet,
  };
}
