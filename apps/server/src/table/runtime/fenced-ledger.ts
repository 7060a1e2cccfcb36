import { fencedError } from '../../db/fence.js';
import { isFenced } from '../../db/ledger-error.js';
import type { Fence } from '../../db/ledger-types.js';
import type { TableLedger } from './table-ledger.js';

/** The lease one table runs under, as its writes need it. */
export interface TableLease {
  readonly tableId: string;
  /** The epoch while this node still counts on the lease; undefined once it does not. */
  epoch(): number | undefined;
  /** Called once when a write finds the lease gone: the table must stop at once (T13.3). */
  lost(reason: string): void;
}

/**
 * T13.3: the ledger as one table sees it: every write carries the table's `{tableId, epoch}`
 * (Postgres refuses it once stale), and a write this node no longer trusts its lease for is not
 * even sent. Either way the lease is reported lost and the write fails with FENCED.
 */
export function fencedLedger(ledger: TableLedger, lease: TableLease): TableLedger {
  const fence = (): Fence => {
    const epoch = lease.epoch();
    if (epoch === undefined) {
      lease.lost('the lease ran out before this node could renew it');
      throw fencedError([lease.tableId]);
    }
    return { tableId: lease.tableId, epoch };
  };
  const watched = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isFenced(error)) lease.lost('Postgres refused a write: another node claimed the table');
      throw error;
    }
  };
  return {
    playerInfo: (id) => ledger.playerInfo(id),
    balanceOf: (id) => ledger.balanceOf(id),
    balancesOf: (ids) => ledger.balancesOf(ids),
    nextShoeNumber: (id) => ledger.nextShoeNumber(id),
    nextRoundSeq: (id) => ledger.nextRoundSeq(id),
    loadTableState: (id) => ledger.loadTableState(id),
    eveningMember: (id) => ledger.eveningMember(id),
    autoApproveInvite: (roomId, code) => ledger.autoApproveInvite(roomId, code),
    roomChipsEntry: (roomId, entry) => watched(() => ledger.roomChipsEntry(roomId, entry, fence())),
    createShoe: (input) => watched(() => ledger.createShoe({ ...input, fence: fence() })),
    recordShuffle: (shoeId, seed, shown) =>
      watched(() => ledger.recordShuffle(shoeId, seed, shown, fence())),
    endShoe: (shoeId) => watched(() => ledger.endShoe(shoeId, fence())),
    openRound: (input) => watched(() => ledger.openRound({ ...input, fence: fence() })),
    refill: (input) => watched(() => ledger.refill({ ...input, fence: fence() })),
    settleRound: (input) => watched(() => ledger.settleRound({ ...input, fence: fence() })),
    voidRound: (input) => watched(() => ledger.voidRound({ ...input, fence: fence() })),
    recordSeat: (input) => watched(() => ledger.recordSeat({ ...input, fence: fence() })),
    saveTableState: (tableId, row) =>
      watched(() => ledger.saveTableState(tableId, row, fence().epoch)),
    escrowMany: (inputs) =>
      watched(async () => {
        const { epoch } = fence();
        const outcomes = await ledger.escrowMany(inputs.map((i) => ({ ...i, epoch })));
        if (outcomes.some((o) => !o.ok && o.error.code === 'FENCED')) {
          lease.lost('Postgres refused a confirm: another node claimed the table');
        }
        return outcomes;
      }),
  };
}
