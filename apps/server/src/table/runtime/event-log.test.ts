import type { TableEvent } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { EventLog } from './event-log.js';

const event = (version: number): TableEvent => ({
  tableId: 't',
  version,
  at: 1,
  type: 'betting.closed',
  round: 1,
});

describe('the replay log (P2.13)', () => {
  it('P2.13: answers every event after a version while it still holds them, then asks for a snapshot', () => {
    const log = new EventLog(3);
    for (let v = 1; v <= 5; v++) log.push(event(v));
    expect(log.since(2, 5)?.map((e) => e.version)).toEqual([3, 4, 5]);
    expect(log.since(4, 5)?.map((e) => e.version)).toEqual([5]);
    expect(log.since(5, 5)).toEqual([]);
    // Version 2 is gone from a log of three: the gap cannot be filled from it.
    expect(log.since(1, 5)).toBeNull();
    // A client ahead of the table (it saw versions this table never reached) gets a snapshot.
    expect(log.since(9, 5)).toBeNull();
  });
});
