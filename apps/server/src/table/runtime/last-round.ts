import type { EventOf, TableEvent, TableSnapshot } from '@banco/protocol';

export type LastRound = NonNullable<TableSnapshot['lastRound']>;
/**
 * P1.8: how the last round ended, followed from the table's broadcasts, so a snapshot can show
 * a (re)joining page the result and settlement it missed, or that a restart voided a round.
 * A round's settlement starts a new record; its result completes it; a voiding replaces it.
 */
export function followLastRound(last: LastRound | null, event: TableEvent): LastRound | null {
  switch (event.type) {
    case 'settlement.collected':
      return { collected: event, paid: null, result: null, voided: null };
    case 'settlement.paid':
      return { ...(last ?? empty), paid: event };
    case 'round.result':
      return {
        ...(last ?? empty),
        ...(sameRound(last?.collected, event) ? {} : { collected: null, paid: null }),
        result: event,
        voided: null,
      };
    case 'round.voided':
      return { collected: null, paid: null, result: null, voided: event };
    default:
      return last;
  }
}

const empty: LastRound = { collected: null, paid: null, result: null, voided: null };

const sameRound = (a: EventOf<'settlement.collected'> | null | undefined, b: { round: number }) =>
  a?.round === b.round;
