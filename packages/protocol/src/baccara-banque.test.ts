import { baccaraBanque } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import {
  ACKS,
  BACCARA_BANQUE_COMMANDS,
  BACCARA_BANQUE_ERROR_CODES,
  BACCARA_BANQUE_REFUSAL_WORDS,
  baccaraBanqueSettingsSchema,
  banqueBankLimitsOf,
  banqueCoupRulesOf,
  CHEMIN_DE_FER_ERROR_CODES,
  COMMANDS,
  createRoomBody,
  ERROR_CODES,
  roomKindOf,
  roomSettingsInputSchema,
  roomTableSettings,
  settingField,
  stakeCallSchema,
  tableSettingsSchema,
  verifyCommand,
  type RoomSettingsInput,
} from './index.js';

const puntoBanco: RoomSettingsInput = {
  decks: 8,
  ruleSet: 'standard',
  tiePays: 8,
  sideBets: [],
  limits: { min: 100, max: 10_000, tie: { max: 1_000 }, side: { max: 1_000 } },
  seats: 12,
  bettingSeconds: 15,
  untimedBetting: false,
  cardTurning: true,
  cut: 16,
  lastHand: 'plus-one',
  seatHoldSeconds: 60,
};
const banque = {
  ...puntoBanco,
  kind: 'baccara-banque',
  baccaraBanque: { bank: { min: 2_000, max: null } },
};
const fieldOf = (settings: unknown): string | null => {
  const parsed = createRoomBody.safeParse({ name: 'Banque', settings });
  return parsed.success ? null : settingField(parsed.error.issues[0]!);
};

describe('B1 opening a Baccara Banque room', () => {
  it('B1.1 the kind baccara-banque opens a Baccara Banque room', () => {
    expect(roomKindOf(roomSettingsInputSchema.parse(banque))).toBe('baccara-banque');
  });

  it('B1.2 its settings, their defaults, and only such a room has them', () => {
    const parsed = baccaraBanqueSettingsSchema.parse({ bank: { min: 2_000, max: null } });
    expect(parsed).toEqual({
      decks: 6,
      award: 'auction',
      bank: { min: 2_000, max: null },
      cagnotteBp: 125,
      choices: { mode: 'window', seconds: 20 },
      biddingSeconds: 30,
      watchersMayCover: false,
    });
    expect(fieldOf({ ...banque, baccaraBanque: undefined })).toBe('baccaraBanque');
    expect(fieldOf({ ...puntoBanco, baccaraBanque: banque.baccaraBanque })).toBe('baccaraBanque');
    const limited = { ...banque, baccaraBanque: { decks: 3, bank: { min: 2_000, max: null } } };
    expect(fieldOf(limited)).toBe('baccaraBanque.bank.max');
    const decks = { ...banque, baccaraBanque: { decks: 8, bank: { min: 2_000, max: null } } };
    expect(fieldOf(decks)).toBe('baccaraBanque.decks');
    const rate = { ...banque, baccaraBanque: { cagnotteBp: 201, bank: { min: 2_000, max: null } } };
    expect(fieldOf(rate)).toBe('baccaraBanque.cagnotteBp');
    const below = { ...banque, baccaraBanque: { bank: { min: 2_000, max: 1_000 } } };
    expect(fieldOf(below)).toBe('baccaraBanque.bank.max');
    expect(fieldOf(banque)).toBeNull();
  });

  it('B1.3 a window room lets people choose; a by-rule room does not', () => {
    const settings = baccaraBanqueSettingsSchema.parse({
      bank: { min: 2_000, max: 9_000 },
      choices: { mode: 'by-rule' },
      watchersMayCover: true,
      cagnotteBp: 200,
    });
    expect(banqueCoupRulesOf(settings)).toEqual({
      cagnotteBp: 200,
      choices: 'by-rule',
      watchersMayStake: true,
    });
    expect(banqueBankLimitsOf(settings)).toEqual({ min: 2_000, max: 9_000 });
    const window = baccaraBanqueSettingsSchema.parse({ bank: { min: 2_000, max: null } });
    expect(banqueCoupRulesOf(window).choices).toBe('free');
  });

  it('B1.4 the table carries the settings and deals the Baccara Banque shoe', () => {
    const pace = { seedMs: 0, lastBetsMs: 0, dealMs: 1_000, revealMs: 1_000, resultMs: 1_000 };
    const input = roomSettingsInputSchema.parse({
      ...banque,
      baccaraBanque: { decks: 3, bank: { min: 2_000, max: 20_000 } },
    });
    const settings = roomTableSettings(input, pace);
    expect(settings.baccaraBanque).toEqual(input.baccaraBanque);
    expect([settings.decks, settings.cut, settings.lastHand]).toEqual([3, 10, 'finish-current']);
    expect(tableSettingsSchema.parse(settings)).toEqual(settings);
    expect(roomTableSettings(roomSettingsInputSchema.parse(puntoBanco), pace).baccaraBanque).toBe(
      undefined,
    );
    expect(fieldOf({ ...banque, seats: 13 })).toBe('seats');
    expect(baccaraBanque.sideOf(6)).toBe('right');
    expect(baccaraBanque.sideOf(7)).toBe('left');
  });
});

describe('B2 commands', () => {
  it('B2.4 a call is a stake on a spot, a banco, a shared banco or none', () => {
    for (const call of [
      { kind: 'stake', on: 'right', amount: 100 },
      { kind: 'stake', on: 'cheval', amount: 100 },
      { kind: 'banco', on: 'halves' },
      { kind: 'banco-shared' },
      { kind: 'none' },
    ])
      expect(stakeCallSchema.safeParse(call).success).toBe(true);
    for (const call of [
      { kind: 'stake', on: 'middle', amount: 100 },
      { kind: 'stake', on: 'left', amount: 0 },
      { kind: 'banco', on: 'cheval' },
      { kind: 'banco-shared', on: 'left' },
    ])
      expect(stakeCallSchema.safeParse(call).success).toBe(false);
  });

  it('B2.1 B2.2 B2.3 B2.5 B2.6 B2.8 B2.9 the commands are in COMMANDS, each with its ack', () => {
    for (const [name, schema] of Object.entries(BACCARA_BANQUE_COMMANDS)) {
      const key = name as keyof typeof COMMANDS;
      expect(COMMANDS[key]).toBe(schema);
      const ack = ACKS[key as keyof typeof ACKS];
      const ok = name === 'banque.bank.retire' ? { leavesWith: 0 } : {};
      expect(ack.safeParse({ ok: true, version: 3, ...ok }).success).toBe(true);
      expect(ack.safeParse({ ok: false, code: 'BID_TOO_LOW', message: 'x' }).success).toBe(true);
    }
    expect(
      COMMANDS['banque.punto.choose'].safeParse({
        tableId: 't',
        coup: 1,
        tableau: 'right',
        option: 'draw',
      }).success,
    ).toBe(true);
    expect(COMMANDS['banque.bank.top-up'].safeParse({ tableId: 't', to: 0 }).success).toBe(false);
  });

  it('B2.7 a retire’s ack says what the banker leaves with', () => {
    expect(
      ACKS['banque.bank.retire'].safeParse({ ok: true, version: 4, leavesWith: 12_000 }).success,
    ).toBe(true);
    expect(ACKS['banque.bank.retire'].safeParse({ ok: true, version: 4 }).success).toBe(false);
  });
});

describe('B3 refusals', () => {
  it('B3.1 every refusal the rules give has a protocol code, once, none reusing another', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of BACCARA_BANQUE_ERROR_CODES) expect(ERROR_CODES).toContain(code);
    // Refusals the rules give a Baccara Banque action, gathered by provoking each.
    const codes = new Set<string>();
    const note = (r: { ok: boolean; error?: { code: string } }) => {
      if (!r.ok) codes.add(r.error!.code);
    };
    const limits = { min: 1_000, max: 5_000 };
    const auction = baccaraBanque.openAuction();
    const bid = baccaraBanque.placeBid(auction, [2, 3], 2, 2_000, limits);
    if (bid.ok) note(baccaraBanque.placeBid(bid.value, [2, 3], 2, 2_000, limits));
    note(baccaraBanque.placeBid(auction, [2, 3], 4, 2_000, limits));
    note(baccaraBanque.placeBid(auction, [2, 3], 2, 9_000, limits));
    const tenure = baccaraBanque.holdBank(2, 2_000);
    note(baccaraBanque.retire(tenure, 2, limits));
    note(baccaraBanque.retire(tenure, 3, limits));
    note(baccaraBanque.topUp(tenure, 2, 2_000, limits));
    note(baccaraBanque.checkCall({ kind: 'banco', on: 'left' }, { player: 'w', seat: null }, 100));
    note(
      baccaraBanque.checkCall(
        { kind: 'stake', on: 'middle' as 'left', amount: 1 },
        { player: 'a', seat: 2 },
        100,
      ),
    );
    note(
      baccaraBanque.checkCall(
        { kind: 'stake', on: 'left', amount: 101 },
        { player: 'a', seat: 2 },
        100,
      ),
    );
    const known = new Set<string>(ERROR_CODES);
    expect([...codes].filter((c) => !known.has(c))).toEqual([]);
    expect([...codes].sort()).toEqual(
      [
        'BANCO_SEATED_ONLY',
        'BANK_NOT_DRY',
        'BANK_OUT_OF_LIMITS',
        'BID_TOO_LOW',
        'INVALID_SPOT',
        'INVALID_STAKE',
        'MUST_PLAY_ONE_COUP',
        'NOT_A_PUNTER',
        'NOT_YOUR_BANK',
      ].sort(),
    );
    expect(
      BACCARA_BANQUE_ERROR_CODES.filter((c) =>
        (CHEMIN_DE_FER_ERROR_CODES as readonly string[]).includes(c),
      ),
    ).toEqual([]);
  });

  it('B3.2 each new code has words', () => {
    for (const code of BACCARA_BANQUE_ERROR_CODES) {
      expect(BACCARA_BANQUE_REFUSAL_WORDS[code].length).toBeGreaterThan(10);
    }
  });
});

describe('B6 Baccara Banque shoes on the fairness routes', () => {
  it('B6.1 a Baccara Banque shoe’s command names its game', () => {
    const shoe = {
      serverSeed: 's',
      clientSeed: 'c',
      shoeNumber: 2,
      decks: 3,
      cut: 10,
      lastHand: 'finish-current',
    };
    expect(verifyCommand({ ...shoe, game: 'baccara-banque' })).toMatch(/ --game baccara-banque$/);
    expect(verifyCommand({ ...shoe, game: 'punto-banco' })).not.toMatch(/--game/);
    expect(verifyCommand({ ...shoe, game: 'chemin-de-fer' })).toMatch(/ --game chemin-de-fer$/);
  });
});
