import { createRoomBody } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { mainTableSettings } from '../testing/table-settings';
import { DEFAULT_ROOM, fieldOf, formOf, roomSettingsInput } from './room-form';

describe('the room form', () => {
  it('sends whole chips as minor units and seconds as the server reads them', () => {
    const input = roomSettingsInput({
      ...DEFAULT_ROOM,
      decks: 6,
      commission: 'no-commission',
      sideBets: ['super6'],
      minBet: 5,
      maxBet: 200,
      tieMax: 50,
      sideMax: 20,
      bettingSeconds: 10,
    });
    expect(input).toMatchObject({
      decks: 6,
      ruleSet: 'no-commission',
      sideBets: ['super6'],
      limits: { min: 500, max: 20_000, tie: { max: 5_000 }, side: { max: 2_000 } },
      bettingSeconds: 10,
      untimedBetting: false,
    });
  });

  it('the default form, timed or untimed, is a room the server accepts', () => {
    for (const bettingSeconds of [15, null]) {
      const body = {
        name: 'Friday',
        settings: roomSettingsInput({ ...DEFAULT_ROOM, bettingSeconds }),
      };
      expect(createRoomBody.safeParse(body).success).toBe(true);
    }
  });

  it('an untimed room still sends a betting window the schema accepts', () => {
    const input = roomSettingsInput({ ...DEFAULT_ROOM, bettingSeconds: null });
    expect(input.untimedBetting).toBe(true);
    expect(input.bettingSeconds).toBeGreaterThanOrEqual(5);
  });

  it('reads a table back into the form (change settings for the next shoe)', () => {
    const form = formOf('Main', mainTableSettings);
    expect(form).toMatchObject({
      decks: 8,
      commission: 'standard',
      minBet: 10,
      maxBet: 500,
      tieMax: 100,
    });
    expect(form.bettingSeconds).toBe(15);
    expect(
      formOf('Main', { ...mainTableSettings, untimedBetting: true }).bettingSeconds,
    ).toBeNull();
  });

  it('puts each refused setting beside its own input', () => {
    expect(
      Object.fromEntries(
        [
          'name',
          'decks',
          'ruleSet',
          'tiePays',
          'sideBets',
          'limits.min',
          'limits.max',
          'limits.tie.max',
          'limits.side.max',
          'seats',
          'bettingSeconds',
          'untimedBetting',
          'cardTurning',
          'cut',
          'lastHand',
          'seatHoldSeconds',
          'settings.decks',
          'nonsense',
        ].map((path) => [path, fieldOf(path)]),
      ),
    ).toEqual({
      name: 'name',
      decks: 'decks',
      ruleSet: 'commission',
      tiePays: 'tiePays',
      sideBets: 'sideBets',
      'limits.min': 'minBet',
      'limits.max': 'maxBet',
      'limits.tie.max': 'tieMax',
      'limits.side.max': 'sideMax',
      seats: 'seats',
      bettingSeconds: 'betting',
      untimedBetting: 'betting',
      cardTurning: 'cardTurning',
      cut: 'cut',
      lastHand: 'lastHand',
      seatHoldSeconds: 'seatHold',
      'settings.decks': 'decks',
      nonsense: null,
    });
  });
});
