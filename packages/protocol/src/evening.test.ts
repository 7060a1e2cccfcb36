import { describe, expect, it } from 'vitest';
import { COMMANDS, ACKS } from './commands.js';
import { ERROR_CODES } from './errors.js';
import { EVENING_COMMANDS, EVENING_ERROR_CODES, eveningSettingsSchema } from './evening.js';
import { tableEventSchema } from './events.js';
import { roomSettingsInputSchema } from './rooms.js';

describe('the host evening in the protocol (P8.7–P9.12)', () => {
  it('fills the defaults: open seating, wallets, a waitlist of 10, no auto sit-out, no finish', () => {
    expect(eveningSettingsSchema.parse({})).toEqual({
      seating: 'open',
      chips: 'wallet',
      waitlistMax: 10,
      offerSeconds: 60,
      autoSitOutRounds: null,
      finish: null,
    });
  });

  it('asks room chips for a starting stack of whole chips, and only them', () => {
    expect(eveningSettingsSchema.safeParse({ chips: 'room' }).success).toBe(false);
    expect(
      eveningSettingsSchema.safeParse({ chips: 'wallet', roomChips: { startingStack: 500_000 } })
        .success,
    ).toBe(false);
    expect(
      eveningSettingsSchema.safeParse({ chips: 'room', roomChips: { startingStack: 500_050 } })
        .success,
    ).toBe(false);
    const parsed = eveningSettingsSchema.parse({
      chips: 'room',
      roomChips: { startingStack: 500_000 },
    });
    expect(parsed.roomChips).toEqual({
      startingStack: 500_000,
      topUps: { autoBelowMinimum: false, perNight: null },
    });
  });

  it('spreads its commands, acks, codes and events into the shared maps', () => {
    for (const name of Object.keys(EVENING_COMMANDS)) {
      expect(COMMANDS).toHaveProperty([name]);
      expect(ACKS).toHaveProperty([name]);
    }
    for (const code of EVENING_ERROR_CODES) expect(ERROR_CODES).toContain(code);
    const event = { tableId: 'r_x', version: 3, at: 1 };
    expect(
      tableEventSchema.parse({
        ...event,
        type: 'evening.seat-request',
        change: 'asked',
        requests: 1,
      }),
    ).toMatchObject({ type: 'evening.seat-request' });
  });

  it('keeps a room form without evening settings as it was', () => {
    const form = {
      decks: 8,
      ruleSet: 'standard',
      tiePays: 8,
      sideBets: [],
      limits: { min: 100, max: 10_000, tie: { max: 1_000 }, side: { max: 1_000 } },
      seats: 7,
      bettingSeconds: 15,
      untimedBetting: false,
      cardTurning: true,
      cut: 14,
      lastHand: 'plus-one',
      seatHoldSeconds: 90,
    };
    expect(roomSettingsInputSchema.parse(form)).not.toHaveProperty('evening');
    expect(
      COMMANDS['room.chips.adjust'].safeParse({
        tableId: 'r_x',
        playerId: 'p',
        amount: 0,
        reason: 'none',
      }).success,
    ).toBe(false);
  });
});
