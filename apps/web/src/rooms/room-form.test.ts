import { createRoomBody } from '@banco/protocol';
import { describe, expect, it } from 'vitest';
import { mainTableSettings } from '../testing/table-settings';
import {
  decksFit,
  DEFAULT_ROOM,
  fieldOf,
  formOf,
  newRoomForm,
  roomSettingsInput,
} from './room-form';

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

  it('C1.1 a Punto Banco form sends no kind, exactly as before', () => {
    const input = roomSettingsInput(DEFAULT_ROOM);
    expect('kind' in input).toBe(false);
    expect('cheminDeFer' in input).toBe(false);
  });

  it('C1.2 a Chemin de Fer form: six decks, its bank in minor units, a window or by the rule', () => {
    const form = newRoomForm('chemin-de-fer');
    expect(form.decks).toBe(6);
    // The offer and cover windows are the room's timed window, never untimed.
    expect(roomSettingsInput({ ...form, bettingSeconds: null }).untimedBetting).toBe(false);
    expect(roomSettingsInput(form)).toMatchObject({ bettingSeconds: 30, untimedBetting: false });
    const windowed = roomSettingsInput({
      ...form,
      chemin: { cagnottePercent: 3, bankMin: 20, bankMax: 2_000, choiceSeconds: 15 },
    });
    expect(windowed).toMatchObject({
      kind: 'chemin-de-fer',
      cheminDeFer: {
        decks: 6,
        cagnottePercent: 3,
        bank: { min: 2_000, max: 200_000 },
        choices: { mode: 'window', seconds: 15 },
      },
    });
    const byRule = roomSettingsInput({ ...form, chemin: { ...form.chemin, choiceSeconds: null } });
    expect(byRule.cheminDeFer?.choices).toEqual({ mode: 'by-rule' });
    for (const settings of [windowed, byRule]) {
      expect(createRoomBody.safeParse({ name: 'Chemin', settings }).success).toBe(true);
    }
  });

  it('C1.2 a refused Chemin de Fer setting lands on its own input', () => {
    expect(fieldOf('cheminDeFer.bank.max')).toBe('bankMax');
    expect(fieldOf('cheminDeFer.bank.min')).toBe('bankMin');
    expect(fieldOf('cheminDeFer.cagnottePercent')).toBe('cagnotte');
    expect(fieldOf('cheminDeFer.choices.seconds')).toBe('choices');
    expect(fieldOf('cheminDeFer.decks')).toBe('decks');
    expect(fieldOf('cheminDeFer')).toBe('kind');
    expect(fieldOf('kind')).toBe('kind');
  });

  it('B1.2 a Baccara Banque room: 3 decks with a largest bank, 6 without, bank by auction or list', () => {
    const form = newRoomForm('baccara-banque');
    expect(form.decks).toBe(6);
    const open = roomSettingsInput(form);
    expect(open).toMatchObject({
      kind: 'baccara-banque',
      untimedBetting: false,
      baccaraBanque: {
        decks: 6,
        award: 'auction',
        bank: { min: 20_000, max: null },
        cagnotteBp: 125,
        choices: { mode: 'window', seconds: 20 },
        watchersMayCover: true,
      },
    });
    const limited = roomSettingsInput({
      ...form,
      decks: 3,
      banque: { ...form.banque, bankBy: 'list', cagnottePercent: 2, choiceSeconds: null },
    });
    expect(limited.baccaraBanque).toMatchObject({
      decks: 3,
      award: 'list',
      bank: { min: 20_000, max: 200_000 },
      cagnotteBp: 200,
      choices: { mode: 'by-rule' },
    });
    for (const settings of [open, limited]) {
      expect(createRoomBody.safeParse({ name: 'Banque', settings }).success).toBe(true);
    }
    // A deck count no Baccara Banque shoe has follows the game to its own.
    expect(decksFit('baccara-banque', 8)).toBe(false);
    expect(decksFit('punto-banco', 8)).toBe(true);
  });

  it('B1.2 a refused Baccara Banque setting lands on its own input', () => {
    expect(fieldOf('baccaraBanque.bank.max')).toBe('bankMax');
    expect(fieldOf('baccaraBanque.award')).toBe('bankBy');
    expect(fieldOf('baccaraBanque.cagnotteBp')).toBe('cagnotte');
    expect(fieldOf('baccaraBanque.biddingSeconds')).toBe('bidding');
    expect(fieldOf('baccaraBanque.watchersMayCover')).toBe('watchersCover');
    expect(fieldOf('baccaraBanque')).toBe('kind');
  });
});
