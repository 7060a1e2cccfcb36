'use client';
import { recapLink } from '../../evening/ledger';
import { inviteFor } from '../../evening/invite';
import type { EveningSend } from '../../evening/send';
import { useLedgerDownload } from '../../evening/use-ledger-download';
import type { TableState } from '../../store/table-state';
import { freeSeatsOf, type Permissions } from '../../table/permissions';
import { LedgerDownloads } from '../recap/RecapView';
import { HostEvening } from './HostEvening';
import { Leaderboard } from './Leaderboard';
import { PlayerEvening } from './PlayerEvening';
import './evening.css';

/**
 * The evening's side panels at any table, whatever its game (P9.7–P9.12): the host's queue and
 * top-ups, this player's seat and stack, the leaderboard, the ledger and the recap.
 */
export default function EveningSide({
  state,
  perms,
  token,
  send,
}: {
  state: TableState;
  perms: Permissions;
  token: string;
  send: EveningSend;
}) {
  const ledger = useLedgerDownload(token, state.tableId);
  const evening = state.evening;
  if (!evening) return null;
  return (
    <>
      {perms.youHost ? <HostEvening evening={evening} send={send} /> : null}
      {evening.podium === null ? (
        <PlayerEvening
          evening={evening}
          playerId={state.you.playerId}
          seat={perms.seat}
          seats={state.seats}
          freeSeats={freeSeatsOf(state)}
          youHost={perms.youHost}
          clockOffset={state.clockOffset}
          invite={inviteFor(state.tableId)}
          send={send}
        />
      ) : null}
      <Leaderboard evening={evening} seats={state.seats} you={state.you.playerId} />
      <section className="panel" aria-label="The night’s ledger and recap">
        <LedgerDownloads
          onDownload={ledger.download}
          downloading={ledger.downloading}
          error={ledger.error}
        />
        <p className="evening__hint">
          <a href={recapLink(state.tableId)}>The night’s recap so far</a>
        </p>
      </section>
    </>
  );
}
