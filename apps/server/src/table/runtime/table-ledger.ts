import type { Ledger } from '../../db/ledger.js';

/** What a table needs from the chip ledger and the round archive. */
export type TableLedger = Pick<
  Ledger,
  | 'playerInfo'
  | 'balanceOf'
  | 'nextShoeNumber'
  | 'nextRoundSeq'
  | 'createShoe'
  | 'recordShuffle'
  | 'endShoe'
  | 'openRound'
  | 'refill'
  | 'escrowMany'
  | 'settleRound'
  | 'recordSeat'
  | 'balancesOf'
  | 'voidRound'
  | 'saveTableState'
  | 'loadTableState'
  | 'roomChipsEntry'
  | 'eveningMember'
  | 'autoApproveInvite'
>;
