import { describe, expect, it } from 'vitest';
import {
  createRoomBody,
  inviteCodeSchema,
  roomLink,
  roomSettingsInputSchema,
  roomTableSettings,
  settingField,
  type RoomSettingsInput,
} from './index.js';

const input: RoomSettingsInput = {
  decks: 6,
  ruleSet: 'no-commission',
  tiePays: 9,
  sideBets: ['super6', 'playerPair'],
  limits: { min: 500, max: 20_000, tie: { max: 5_000 }, side: { max: 2_000 } },
  seats: 7,
  bettingSeconds: 10,
  untimedBetting: true,
  cardTurning: false,
  cut: 14,
  lastHand: 'finish-current',
  seatHoldSeconds: 90,
};
const pace = { seedMs: 1, lastBetsMs: 2, dealMs: 3, revealMs: 4, resultMs: 5 };

const fieldOf = (body: unknown): string | null => {
  const parsed = createRoomBody.safeParse(body);
  return parsed.success ? null : settingField(parsed.error.issues[0]!);
};

describe('room settings (P8.2)', () => {
  it('P8.2 maps the form onto the table settings it stands for', () => {
    expect(roomTableSettings(roomSettingsInputSchema.parse(input), pace)).toEqual({
      seats: 7,
      decks: 6,
      cut: 14,
      lastHand: 'finish-current',
      rules: { commission: 'no-commission', tiePays: 9, sideBets: ['super6', 'playerPair'] },
      limits: {
        player: { min: 500, max: 20_000 },
        banker: { min: 500, max: 20_000 },
        tie: { min: 500, max: 5_000 },
        super6: { min: 500, max: 2_000 },
        playerPair: { min: 500, max: 2_000 },
      },
      seedMs: 1,
      bettingMs: 10_000,
      untimedBetting: true,
      cardTurning: false,
      lastBetsMs: 2,
      dealMs: 3,
      revealMs: 4,
      resultMs: 5,
      seatHoldMs: 90_000,
    });
  });

  it('P8.2 names the refused field as a dotted path inside settings, or name', () => {
    expect(fieldOf({ name: 'Room', settings: input })).toBeNull();
    expect(fieldOf({ name: '', settings: input })).toBe('name');
    expect(fieldOf({ name: 'Room', settings: { ...input, decks: 9 } })).toBe('decks');
    const tie = { ...input.limits, tie: { max: 100 } };
    expect(fieldOf({ name: 'Room', settings: { ...input, limits: tie } })).toBe('limits.tie.max');
    expect(fieldOf({ name: 'Room', settings: { ...input, extra: 1 } })).toBe('extra');
    expect(fieldOf({ name: 'Room', settings: { ...input, cut: 4 } })).toBe('cut');
    expect(fieldOf({ name: 'Room' })).toBe('settings');
  });
});

describe('links and codes (P8.1, P8.3)', () => {
  it('P8.1 the share link is relative and carries the id', () => {
    expect(roomLink('r_abc-_DEF')).toBe('/table/?id=r_abc-_DEF');
  });

  it('P8.3 a code is read without case or dashes, from the unambiguous alphabet only', () => {
    expect(inviteCodeSchema.parse('abcd-efgh')).toBe('ABCDEFGH');
    expect(inviteCodeSchema.safeParse('ABCDEFG0').success).toBe(false);
    expect(inviteCodeSchema.safeParse('ABCDEFGHJ').success).toBe(false);
  });
});
