import type { TableEvent } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { followLastRound, type LastRound } from './last-round.js';

const at = { tableId: 'main', at: 1 };
const collected = (round: number, version: number) =>
  ({ ...at, version, type: 'settlement.collected', round, losers: [], total: 0 }) as TableEvent;
const paid = (round: number, version: number) =>
  ({ ...at, version, type: 'settlement.paid', round, winners: [], balances: [] }) as TableEvent;
const result = (round: number, version: number) =>
  ({ ...at, version, type: 'round.result', round }) as unknown as TableEvent;
const voided = (round: number, version: number) =>
  ({ ...at, version, type: 'round.voided', round, reason: 'restart', refunds: [] }) as TableEvent;
const opened = (round: number, version: number) =>
  ({ ...at, version, type: 'betting.opened', round }) as unknown as TableEvent;

const follow = (events: TableEvent[]) =>
  events.reduce<LastRound | null>((last, e) => followLastRound(last, e), null);
const versions = (last: LastRound | null) =>
  last && {
    collected: last.collected?.version ?? null,
    paid: last.paid?.version ?? null,
    result: last.result?.version ?? null,
    voided: last.voided?.version ?? null,
  };

describe('P1.8 how the last round ended, for snapshots', () => {
  it('keeps a round’s settlement and result through the next betting window', () => {
    const last = follow([collected(4, 10), paid(4, 11), result(4, 12), opened(5, 13)]);
    expect(versions(last)).toEqual({ collected: 10, paid: 11, result: 12, voided: null });
  });

  it('a voided round replaces the last result, and the next result replaces the voiding', () => {
    const afterVoid = follow([collected(4, 10), paid(4, 11), result(4, 12), voided(5, 14)]);
    expect(versions(afterVoid)).toEqual({ collected: null, paid: null, result: null, voided: 14 });
    const next = follow([voided(5, 14), collected(5, 20), paid(5, 21), result(5, 22)]);
    expect(versions(next)).toEqual({ collected: 20, paid: 21, result: 22, voided: null });
  });

  it('nothing until a round has ended', () => {
    expect(follow([opened(1, 1)])).toBeNull();
  });
});
