import { inviteCodeSchema } from '@banco/protocol';
import { eveningOf } from '../core/evening/evening-state.js';
import type { EveningReads } from '../core/evening/requests.js';
import type { TableCommand } from '../core/inputs.js';
import type { TableState } from '../core/state.js';
import type { TableLedger } from './table-ledger.js';

type Reader = Pick<TableLedger, 'eveningMember' | 'balanceOf' | 'autoApproveInvite'>;

/**
 * T11.12, T11.13: what an evening command needs from the database, read before the table runs
 * it (the reducer reads nothing): who asks, the wallet of whoever is to be seated, whether the
 * invite a request came by seats its holder at once. Only a command that may use it reads it.
 */
export async function eveningReads(
  state: TableState,
  ledger: Reader,
  playerId: string,
  command: TableCommand,
): Promise<EveningReads | undefined> {
  const evening = eveningOf(state);
  if (!evening) return undefined;
  const seating = async (id: string) => {
    const member = await ledger.eveningMember(id);
    return member ? { player: member.player, balance: await ledger.balanceOf(id) } : undefined;
  };
  switch (command.name) {
    case 'seat.request': {
      const member = await ledger.eveningMember(playerId);
      if (!member) return undefined;
      const code = inviteCodeSchema.safeParse(command.payload.invite ?? '');
      const autoApprove =
        code.success && (await ledger.autoApproveInvite(state.tableId, code.data));
      if (!autoApprove) return { member };
      return { member, autoApprove, seating: await seating(playerId) };
    }
    case 'waitlist.join': {
      const member = await ledger.eveningMember(playerId);
      return member ? { member } : undefined;
    }
    case 'room.seat.approve': {
      const asked = evening.requests.some((r) => r.playerId === command.payload.playerId);
      return asked ? { seating: await seating(command.payload.playerId) } : undefined;
    }
    case 'waitlist.accept':
      return evening.offer?.playerId === playerId
        ? { seating: await seating(playerId) }
        : undefined;
    default:
      return undefined;
  }
}
