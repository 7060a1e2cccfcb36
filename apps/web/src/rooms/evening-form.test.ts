import { createRoomBody, roomTableSettings } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENING, eveningInput, nextAt, clockOf } from './evening-form';
import { DEFAULT_ROOM, fieldOf, formOf, roomSettingsInput } from './room-form';

const PACE = { seedMs: 1, lastBetsMs: 1, dealMs: 1, revealMs: 1, resultMs: 1 };

describe('the evening in the room form (P8.7–P8.9)', () => {
  it('P8.7 a form left at its defaults sends no evening: the room is as before', () => {
    expect(eveningInput(DEFAULT_EVENING)).toBeUndefined();
    expect('evening' in roomSettingsInput(DEFAULT_ROOM)).toBe(false);
  });

  it('P8.8 host-approves with room chips of 5,000: what the server reads, in minor units', () => {
    const form = {
      ...DEFAULT_ROOM,
      evening: {
        ...DEFAULT_EVENING,
        seating: 'host-approves' as const,
        chips: 'room' as const,
        startingStack: 5_000,
        topUpsPerNight: 2,
        autoSitOutRounds: 3,
        finish: 'rounds' as const,
        finishCount: 12,
      },
    };
    const settings = roomSettingsInput(form);
    const body = createRoomBody.parse({ name: 'Friday', settings });
    expect(body.settings.evening).toMatchObject({
      seating: 'host-approves',
      chips: 'room',
      roomChips: { startingStack: 500_000, topUps: { autoBelowMinimum: false, perNight: 2 } },
      autoSitOutRounds: 3,
      finish: { kind: 'rounds', count: 12 },
    });
    // What the table keeps comes back to the same form.
    const table = roomTableSettings(body.settings, PACE);
    expect(formOf('Friday', table).evening).toEqual(form.evening);
  });

  it('P8.9 a finish line by time is the next time the clock reads it', () => {
    const evening = new Date(2026, 11, 4, 20, 0).getTime();
    const at = nextAt('22:30', evening)!;
    expect(at - evening).toBe(150 * 60_000);
    expect(clockOf(at)).toBe('22:30');
    // Past midnight: tomorrow's.
    expect(nextAt('01:00', evening)! - evening).toBe(5 * 3_600_000);
    expect(nextAt('soon', evening)).toBeNull();
    const form = { ...DEFAULT_EVENING, finish: 'time' as const, finishAt: at };
    expect(eveningInput(form)?.finish).toEqual({ kind: 'time', at });
  });

  it('P3 a refused evening setting lands on its own input', () => {
    expect(fieldOf('evening.roomChips.startingStack')).toBe('startingStack');
    expect(fieldOf('evening.roomChips.topUps.perNight')).toBe('topUps');
    expect(fieldOf('evening.roomChips')).toBe('startingStack');
    expect(fieldOf('evening.seating')).toBe('seating');
    expect(fieldOf('evening.finish.count')).toBe('finish');
    expect(fieldOf('evening.autoSitOutRounds')).toBe('sitOut');
    expect(fieldOf('evening.chips')).toBe('chips');
  });
});
