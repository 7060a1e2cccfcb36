'use client';
import { lazy, Suspense, type ReactNode } from 'react';
import type { TableState } from '../../store/table-state';
import type { ChatPanelProps } from '../chat/ChatPanel';
import { LazyChat } from '../chat/LazyChat';
import { RoomBar } from '../rooms/RoomBar';
import { connectionWords } from '../../table/connection-words';
import type { Permissions } from '../../table/permissions';
import { RefusalNotice } from './RefusalNotice';
import type { EveningSend } from '../../evening/send';
import { podiumOf } from '../../evening/podium';
import type { HostSend } from '../../rooms/host';

const SharePanel = lazy(() =>
  import('../rooms/SharePanel').then((m) => ({ default: m.SharePanel })),
);
// Only a room with an evening needs its panels: they load on demand.
const EveningSide = lazy(() => import('../evening/EveningSide'));
// Only a room's host needs the controls: they load on demand, which keeps the first load small.
const HostControls = lazy(() => import('../rooms/HostControls'));
const Podium = lazy(() => import('../evening/Podium').then((m) => ({ default: m.Podium })));

/** What every table's page has, whatever its game: the game fills the slots. */
export interface TableShellProps {
  state: TableState;
  perms: Permissions;
  title: string;
  /** The top bar's count of rounds or coups. */
  round: ReactNode;
  /** The round the top bar names, for tests and styles; absent where it counts coups. */
  roundSeq?: number | null | undefined;
  /** More of the top bar, before "Play responsibly": a balance. */
  status?: ReactNode;
  /** More of the top bar, after it: a sound switch. */
  controls?: ReactNode;
  /** False where there is nothing to connect to worth naming (the practice table). */
  connection?: boolean;
  onLeave?: (() => void) | null;
  /** The last refused command; null where the game shows it beside its own controls. */
  notice: string | null;
  /** The game's own notices, under the shell's. */
  notices?: ReactNode;
  /** The felt: the game's whole `felt-wrap` section. */
  felt: ReactNode;
  /** What this player may do: the bets, the bank, a choice. */
  panel: ReactNode;
  /** The side column, above the chat: the game's panels. */
  side?: ReactNode;
  /**
   * P9: the host's commands (lock, kick, settings, close…), the same in every game; absent where
   * the table has no host (practice). The controls show to the room's host only.
   */
  hostSend?: HostSend;
  /** True while the game takes the host's `bets.close` (its bets are open): only then is it offered. */
  betsClosable?: boolean;
  /** Under the layout: instruments, the live region. */
  after?: ReactNode;
  /**
   * A room the game shares with friends: its bar, its link and invite code (with the guest's
   * token). Absent where the room is one player's own (practice).
   */
  share?: { tableId: string; token: string } | null;
  /** P9.7–P9.12: the evening's commands; absent where the table has no rooms (practice). */
  evening?: EveningSend;
  /** The chat; absent where the table has none (practice). */
  chat?: Pick<ChatPanelProps, 'send'> & { mute: NonNullable<ChatPanelProps['onMute']> };
  /** The page's `main`: its class and data attributes. */
  className?: string;
  layoutClassName?: string;
  data?: Record<`data-${string}`, string | undefined>;
}

/** One table page: top bar, connection, notices, room bar, felt, panel, side, share and chat. */
export function TableShell(props: TableShellProps) {
  const { state, perms, share, chat } = props;
  const room = share ? state.room : null;
  const settings = state.settings;
  return (
    <main className={`table-page${props.className ? ` ${props.className}` : ''}`} {...props.data}>
      <header className="topbar">
        <a href="/lobby/" className="topbar__brand" aria-label="Banco: back to the lobby">
          Banco
        </a>
        <h1 className="topbar__title">{props.title}</h1>
        <p
          className="topbar__round"
          data-testid="round-number"
          data-round={props.roundSeq ?? undefined}
        >
          {props.round}
        </p>
        {props.connection === false ? null : (
          <p
            className={`connection connection--${state.connection}`}
            role="status"
            data-testid="connection"
          >
            {connectionWords(state)}
          </p>
        )}
        {props.status}
        <a href="/play-responsibly/" className="topbar__care">
          Play responsibly
        </a>
        {props.controls}
        {props.onLeave && perms.seat !== null ? (
          <button type="button" onClick={props.onLeave}>
            Leave seat
          </button>
        ) : null}
      </header>
      {room ? <RoomBar room={room} youHost={perms.youHost} /> : null}
      {state.connection === 'reconnecting' ? (
        <p className="notice notice--error" aria-hidden="true">
          The connection dropped. Reconnecting… Your seat and confirmed bets are safe at the table.
        </p>
      ) : null}
      <RefusalNotice notice={props.notice} />
      {state.notices.away ? (
        <p className="notice" data-testid="away-notice">
          {state.notices.away}
        </p>
      ) : null}
      {props.notices}
      {state.evening?.podium ? (
        <Suspense fallback={null}>
          <Podium places={podiumOf(state.evening.podium)} title="The night is over" />
        </Suspense>
      ) : null}
      <div className={props.layoutClassName ?? 'layout'}>
        {props.felt}
        {props.panel}
        <aside className="side">
          {room && perms.youHost && settings && props.hostSend ? (
            <Suspense fallback={null}>
              <HostControls
                room={room}
                name={state.name}
                settings={settings}
                seats={state.seats}
                you={state.you.playerId}
                betting={props.betsClosable ?? false}
                send={props.hostSend}
              />
            </Suspense>
          ) : null}
          {room && share ? (
            <Suspense fallback={null}>
              <SharePanel
                roomId={share.tableId}
                token={share.token}
                isHost={perms.youHost}
                approves={state.evening?.settings.seating === 'host-approves'}
              />
            </Suspense>
          ) : null}
          {state.evening && props.evening && share ? (
            <Suspense fallback={null}>
              <EveningSide state={state} perms={perms} token={share.token} send={props.evening} />
            </Suspense>
          ) : null}
          {props.side}
          {chat ? (
            <LazyChat
              messages={state.chat}
              you={state.you}
              room={state.room}
              right={perms.chat}
              live={state.connection === 'live'}
              send={chat.send}
              onMute={perms.youHost ? chat.mute : undefined}
            />
          ) : null}
        </aside>
      </div>
      {props.after}
    </main>
  );
}
