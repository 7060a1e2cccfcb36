import { cheminDeFer, createShoe, burnShoe, type CardCode } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import {
  ACKS,
  CHEMIN_DE_FER_COMMANDS,
  CHEMIN_DE_FER_ERROR_CODES,
  COMMANDS,
  cheminDeFerSettingsSchema,
  coupRulesOf,
  coverCallSchema,
  createRoomBody,
  ERROR_CODES,
  roomKindOf,
  roomSettingsInputSchema,
  roomTableSettings,
  settingField,
  type RoomSettingsInput,
} from './index.js';

const puntoBanco: RoomSettingsInput = {
  decks: 8,
  ruleSet: 'standard',
  tiePays: 8,
  sideBets: [],
  limits: { min: 100, max: 10_000, tie: { max: 1_000 }, side: { max: 1_000 } },
  seats: 6,
  bettingSeconds: 15,
  untimedBetting: false,
  cardTurning: true,
  cut: 16,
  lastHand: 'plus-one',
  seatHoldSeconds: 60,
};
const chemin = {
  ...puntoBanco,
  kind: 'chemin-de-fer',
  cheminDeFer: { bank: { min: 1_000, max: 50_000 } },
};

const fieldOf = (settings: unknown): string | null => {
  const parsed = createRoomBody.safeParse({ name: 'Chemmy', settings });
  return parsed.success ? null : settingField(parsed.error.issues[0]!);
};

describe('C1 opening a Chemin de Fer room', () => {
  it('C1.1 settings without a kind are a Punto Banco room, parsed exactly as before', () => {
    const parsed = roomSettingsInputSchema.parse(puntoBanco);
    expect(parsed).toEqual(puntoBanco);
    expect(roomKindOf(parsed)).toBe('punto-banco');
    expect(roomKindOf(roomSettingsInputSchema.parse({ ...puntoBanco, kind: 'punto-banco' }))).toBe(
      'punto-banco',
    );
    expect(fieldOf({ ...puntoBanco, kind: 'macao' })).toBe('kind');
  });

  it('C1.2 a Chemin de Fer room takes its own settings, with six decks, 5 % and a 20 s window by default', () => {
    const parsed = roomSettingsInputSchema.parse(chemin);
    expect(roomKindOf(parsed)).toBe('chemin-de-fer');
    expect(parsed.cheminDeFer).toEqual({
      decks: 6,
      cagnottePercent: 5,
      bank: { min: 1_000, max: 50_000 },
      choices: { mode: 'window', seconds: 20 },
    });
  });

  it('C1.2 refusals name the field, and only a Chemin de Fer room may have the block', () => {
    expect(fieldOf(chemin)).toBeNull();
    expect(fieldOf({ ...chemin, cheminDeFer: undefined })).toBe('cheminDeFer');
    expect(fieldOf({ ...puntoBanco, cheminDeFer: chemin.cheminDeFer })).toBe('cheminDeFer');
    const block = (extra: object) => ({
      ...chemin,
      cheminDeFer: { ...chemin.cheminDeFer, ...extra },
    });
    expect(fieldOf(block({ bank: { min: 5_000, max: 1_000 } }))).toBe('cheminDeFer.bank.max');
    expect(fieldOf(block({ bank: { min: 150, max: 1_000 } }))).toBe('cheminDeFer.bank.min');
    expect(fieldOf(block({ cagnottePercent: 6 }))).toBe('cheminDeFer.cagnottePercent');
    expect(fieldOf(block({ decks: 9 }))).toBe('cheminDeFer.decks');
    expect(fieldOf(block({ choices: { mode: 'window', seconds: 4 } }))).toBe(
      'cheminDeFer.choices.seconds',
    );
    expect(fieldOf(block({ choices: { mode: 'by-rule', seconds: 10 } }))).toBe(
      'cheminDeFer.choices.seconds',
    );
  });

  it('C1.3 R16.4 a by-rule room is a by-rule coup; a window is a free one; the rules take the limits', () => {
    const byRule = cheminDeFerSettingsSchema.parse({
      bank: { min: 100, max: 100 },
      choices: { mode: 'by-rule' },
    });
    expect(coupRulesOf(byRule)).toEqual({
      cagnottePercent: 5,
      choices: 'by-rule',
      limits: { min: 100, max: 100 },
    });
    const windowed = cheminDeFerSettingsSchema.parse({ bank: { min: 100, max: 1_000_000 } });
    expect(coupRulesOf(windowed).choices).toBe('free');
    expect(cheminDeFer.checkBankLimits(coupRulesOf(windowed).limits).ok).toBe(true);
  });
});

describe('C2 commands', () => {
  const at = { tableId: 'r_abc', coup: 3 };
  const ok = (name: keyof typeof CHEMIN_DE_FER_COMMANDS, payload: unknown) =>
    CHEMIN_DE_FER_COMMANDS[name].safeParse(payload).success;

  it('C2.1 C2.5 C2.6 posting, passing and declining the bank', () => {
    expect(ok('chemin.bank.post', { ...at, amount: 5_000 })).toBe(true);
    expect(ok('chemin.bank.post', { ...at, amount: 0 })).toBe(false);
    expect(ok('chemin.bank.post', { ...at, amount: 1.5 })).toBe(false);
    expect(ok('chemin.bank.pass', { tableId: 'r_abc' })).toBe(true);
    expect(ok('chemin.bank.decline', { tableId: 'r_abc', extra: 1 })).toBe(false);
  });

  it('C2.2 a call is banco, avec la table, a positive stake or none: the calls of R15.2', () => {
    for (const call of [
      { kind: 'banco' },
      { kind: 'avec-la-table' },
      { kind: 'stake', amount: 100 },
      { kind: 'none' },
    ]) {
      expect(ok('chemin.cover', { ...at, call })).toBe(true);
    }
    expect(ok('chemin.cover', { ...at, call: { kind: 'stake' } })).toBe(false);
    expect(ok('chemin.cover', { ...at, call: { kind: 'banco', amount: 5 } })).toBe(false);
    expect(ok('chemin.cover', { ...at, call: { kind: 'suivi' } })).toBe(false);
    expect(coverCallSchema.options.map((o) => o.shape.kind.value)).toEqual([
      ...cheminDeFer.COVER_CALL_KINDS,
    ]);
  });

  it('C2.3 C2.4 a choice is draw or stand, the options of R16', () => {
    expect(ok('chemin.punto.choose', { ...at, option: 'draw' })).toBe(true);
    expect(ok('chemin.banker.choose', { ...at, option: 'stand' })).toBe(true);
    expect(ok('chemin.punto.choose', { ...at, option: 'hit' })).toBe(false);
    expect(ok('chemin.banker.choose', { ...at })).toBe(false);
  });
});

describe('C3 refusals', () => {
  /** Every refusal the rules give for a player's Chemin de Fer action, triggered for real. */
  function ruleRefusals(): string[] {
    const codes: string[] = [];
    const note = (r: { ok: boolean; error?: { code: string } }) => {
      if (!r.ok) codes.push(r.error!.code);
    };
    const seats = [1, 2, 3];
    const rules = {
      cagnottePercent: 5,
      choices: 'free' as const,
      limits: { min: 100, max: 10_000 },
    };
    const stacked = (cards: CardCode[]) => {
      const shoe = createShoe(['AS', 'QS', ...cards, ...Array<CardCode>(14).fill('KH')], {
        cut: 7,
        lastHand: 'finish-current',
      });
      if (!shoe.ok) throw new Error(shoe.error.code);
      const burned = burnShoe(shoe.value);
      if (!burned.ok) throw new Error(burned.error.code);
      return burned.value.state;
    };
    const offer = cheminDeFer.openBank(seats);
    const base = { rules, offer, seats, banker: 1, bank: 1_000, bancoSuivi: null };
    note(cheminDeFer.postBank({ ...base, shoe: stacked(['2H', '4C', '3H', 'KD']), banker: 2 }));
    note(cheminDeFer.postBank({ ...base, shoe: stacked(['2H', '4C', '3H', 'KD']), bank: 50 }));
    note(cheminDeFer.postBank({ ...base, shoe: stacked(['2H', '4C', '3H', 'KD']), seats: [1] }));
    const ride = { kind: 'ride' as const, seat: 1, amount: 1_950 };
    note(cheminDeFer.postBank({ ...base, offer: ride, shoe: stacked(['2H', '4C', '3H', 'KD']) }));
    note(cheminDeFer.passBank(offer, seats, 1));
    note(cheminDeFer.declineBank(ride, seats, 1));
    const posted = cheminDeFer.postBank({ ...base, shoe: stacked(['2H', '4C', '3H', 'KD']) });
    if (!posted.ok) throw new Error(posted.error.code);
    const open = posted.value;
    note(cheminDeFer.stepCoup(open, { type: 'call', seat: 1, call: { kind: 'banco' } }));
    note(cheminDeFer.stepCoup(open, { type: 'call', seat: 7, call: { kind: 'banco' } }));
    note(
      cheminDeFer.stepCoup(open, { type: 'call', seat: 2, call: { kind: 'stake', amount: 1_001 } }),
    );
    note(cheminDeFer.stepCoup(open, { type: 'choose', seat: 2, option: 'draw' }));
    const called = cheminDeFer.stepCoup(open, { type: 'call', seat: 2, call: { kind: 'banco' } });
    if (!called.ok) throw new Error(called.error.code);
    note(cheminDeFer.stepCoup(called.value, { type: 'call', seat: 2, call: { kind: 'none' } }));
    const dealt = cheminDeFer.stepCoup(called.value, { type: 'close-cover' });
    if (!dealt.ok) throw new Error(dealt.error.code);
    note(cheminDeFer.stepCoup(dealt.value, { type: 'call', seat: 3, call: { kind: 'none' } }));
    note(cheminDeFer.stepCoup(dealt.value, { type: 'call-off' }));
    note(cheminDeFer.stepCoup(dealt.value, { type: 'choose', seat: 1, option: 'draw' }));
    return codes;
  }

  it('C3.1 every refusal the rules give a Chemin de Fer action has a protocol code', () => {
    const codes = ruleRefusals();
    expect(codes.length).toBe(14);
    const known = new Set<string>([...ERROR_CODES, ...CHEMIN_DE_FER_ERROR_CODES]);
    expect(codes.filter((code) => !known.has(code))).toEqual([]);
    // Each Chemin de Fer code is one the rules really give, bar SHOE_FINISHED (R14.2, tested there).
    const given = new Set(codes);
    expect(CHEMIN_DE_FER_ERROR_CODES.filter((code) => !given.has(code))).toEqual(['SHOE_FINISHED']);
  });

  it('C3.1 the Chemin de Fer codes are in ERROR_CODES once each, none reusing a shared code', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    // Later games' codes follow Chemin de Fer's (B3.1), so the shared ones are those before.
    const start = ERROR_CODES.indexOf(CHEMIN_DE_FER_ERROR_CODES[0]);
    const shared = ERROR_CODES.slice(0, start);
    expect(ERROR_CODES.slice(start, start + CHEMIN_DE_FER_ERROR_CODES.length)).toEqual([
      ...CHEMIN_DE_FER_ERROR_CODES,
    ]);
    expect(
      CHEMIN_DE_FER_ERROR_CODES.filter((code) => (shared as readonly string[]).includes(code)),
    ).toEqual([]);
  });

  it('C2 the commands are in COMMANDS with an ack each, one schema per command', () => {
    for (const [name, schema] of Object.entries(CHEMIN_DE_FER_COMMANDS)) {
      expect(COMMANDS[name as keyof typeof COMMANDS]).toBe(schema);
      expect(ACKS[name as keyof typeof ACKS].safeParse({ ok: true, version: 3 }).success).toBe(
        true,
      );
      expect(
        ACKS[name as keyof typeof ACKS].safeParse({
          ok: false,
          code: 'NOT_YOUR_BANK',
          message: 'x',
        }).success,
      ).toBe(true);
    }
  });

  it('C3.2 a refused action leaves the coup as it was', () => {
    const shoe = createShoe(['AS', 'QS', ...Array<CardCode>(20).fill('KH')], {
      cut: 7,
      lastHand: 'finish-current',
    });
    if (!shoe.ok) throw new Error(shoe.error.code);
    const burned = burnShoe(shoe.value);
    if (!burned.ok) throw new Error(burned.error.code);
    const seats = [1, 2];
    const rules = {
      cagnottePercent: 5,
      choices: 'free' as const,
      limits: { min: 100, max: 1_000 },
    };
    const posted = cheminDeFer.postBank({
      rules,
      shoe: burned.value.state,
      offer: cheminDeFer.openBank(seats),
      seats,
      banker: 1,
      bank: 500,
      bancoSuivi: null,
    });
    if (!posted.ok) throw new Error(posted.error.code);
    const before = JSON.stringify(posted.value);
    const refused = cheminDeFer.stepCoup(posted.value, {
      type: 'call',
      seat: 2,
      call: { kind: 'stake', amount: 501 },
    });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(posted.value)).toBe(before);
  });
});

describe('C1.4 the table a Chemin de Fer room opens', () => {
  const pace = { seedMs: 0, lastBetsMs: 0, dealMs: 1_000, revealMs: 1_000, resultMs: 1_000 };

  it('C1.4 carries the room’s Chemin de Fer settings and deals the Chemin de Fer shoe', () => {
    const settings = roomTableSettings(roomSettingsInputSchema.parse(chemin), pace);
    expect(settings.cheminDeFer).toEqual(roomSettingsInputSchema.parse(chemin).cheminDeFer);
    expect([settings.decks, settings.cut, settings.lastHand]).toEqual([6, 7, 'finish-current']);
    const plain = roomTableSettings(roomSettingsInputSchema.parse(puntoBanco), pace);
    expect(plain.cheminDeFer).toBeUndefined();
    expect([plain.decks, plain.cut, plain.lastHand]).toEqual([8, 16, 'plus-one']);
  });
});
