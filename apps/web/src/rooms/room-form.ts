import {
  CHOICE_WINDOW_SECONDS,
  cheminDeFerSettingsSchema,
  roomSettingsInputSchema,
  SIDE_SPOT_NAMES,
  type RoomKind,
  type TableSettings,
} from '@banco/protocol';
import { cheminDeFer } from '@banco/rules';
import {
  BANQUE_DECKS,
  BANQUE_DEFAULT_DECKS,
  banqueSettingsInput,
  DEFAULT_BANQUE,
  type BanqueForm,
} from './banque-form';
import {
  DEFAULT_EVENING,
  eveningFieldOf,
  eveningFormOf,
  eveningInput,
  type EveningForm,
} from './evening-form';

export type RuleSet = TableSettings['rules']['commission'];

const minor = (wholeChips: number): number => Math.round(wholeChips * 100);
export type SideSpot = (typeof SIDE_SPOT_NAMES)[number];

/**
 * What the host fills in, in the units a person thinks in: whole chips and seconds. Only
 * `roomSettingsInput` turns it into what the server reads, so the two cannot drift apart.
 */
export interface RoomForm {
  name: string;
  /** C1.1: which game the room plays. */
  kind: RoomKind;
  /** C1.2: read only when kind is chemin-de-fer (decks is shared with Punto Banco's). */
  chemin: CheminForm;
  /** Read only when kind is baccara-banque (its decks, 3 or 6, are the shared field's). */
  banque: BanqueForm;
  decks: number;
  commission: RuleSet;
  tiePays: 8 | 9;
  sideBets: SideSpot[];
  /** Whole chips, for Player and Banker alike. */
  minBet: number;
  maxBet: number;
  tieMax: number;
  sideMax: number;
  seats: number;
  /** Null: untimed, the round waits for every seated player (or the host). */
  bettingSeconds: number | null;
  cardTurning: boolean;
  /** Cards left behind the cut card. */
  cut: number;
  lastHand: TableSettings['lastHand'];
  seatHoldSeconds: number;
  /** P8.7: who sits, which chips, sitting out and the finish line. */
  evening: EveningForm;
}

/** A Chemin de Fer room's own settings, in whole chips and seconds. */
export interface CheminForm {
  cagnottePercent: number;
  bankMin: number;
  bankMax: number;
  /** Null: "play by the rule", the table makes every choice (R16.4). */
  choiceSeconds: number | null;
}

/** The form's own bank limits, whole chips: the protocol leaves them to the host. */
const BANK_LIMITS = { min: 10, max: 1_000 };

/** C1.2: what the protocol gives a Chemin de Fer room that names nothing but its bank. */
const CHEMIN_SCHEMA_DEFAULTS = cheminDeFerSettingsSchema.parse({
  bank: { min: minor(BANK_LIMITS.min), max: minor(BANK_LIMITS.max) },
});

export const DEFAULT_CHEMIN: CheminForm = {
  cagnottePercent: CHEMIN_SCHEMA_DEFAULTS.cagnottePercent,
  bankMin: BANK_LIMITS.min,
  bankMax: BANK_LIMITS.max,
  choiceSeconds:
    CHEMIN_SCHEMA_DEFAULTS.choices.mode === 'window'
      ? CHEMIN_SCHEMA_DEFAULTS.choices.seconds
      : null,
};

/** The deck count a fresh form shows for each game (R14.1: Chemin de Fer is dealt from six). */
export const DEFAULT_DECKS: Record<RoomKind, number> = {
  'punto-banco': 8,
  'chemin-de-fer': CHEMIN_SCHEMA_DEFAULTS.decks,
  'baccara-banque': BANQUE_DEFAULT_DECKS,
};

export const DEFAULT_ROOM: RoomForm = {
  name: '',
  kind: 'punto-banco',
  chemin: DEFAULT_CHEMIN,
  banque: DEFAULT_BANQUE,
  decks: 8,
  commission: 'standard',
  tiePays: 8,
  sideBets: [],
  minBet: 10,
  maxBet: 500,
  tieMax: 100,
  sideMax: 100,
  seats: 7,
  bettingSeconds: 15,
  cardTurning: true,
  cut: 16,
  lastHand: 'plus-one',
  seatHoldSeconds: 60,
  evening: DEFAULT_EVENING,
};

/** A whole-number setting's range as the protocol's room schema checks it. */
function rangeOf(schema: { minValue: number | null; maxValue: number | null }) {
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? 0 };
}
const upTo = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const ROOM_FIELDS = roomSettingsInputSchema.shape;
const DECK_RANGE = rangeOf(ROOM_FIELDS.decks);
export const DECK_CHOICES: readonly number[] = upTo(DECK_RANGE.min, DECK_RANGE.max);
export const BETTING_SECONDS = rangeOf(ROOM_FIELDS.bettingSeconds);
export const SEAT_RANGE = rangeOf(ROOM_FIELDS.seats);
export const SEAT_HOLD_CHOICES = [30, 60, 120, 300] as const;
export const SIDE_BETS: readonly SideSpot[] = SIDE_SPOT_NAMES;
export { CHOICE_WINDOW_SECONDS };
export const CAGNOTTE_CHOICES: readonly number[] = upTo(0, cheminDeFer.MAX_CAGNOTTE_PERCENT);
export const CHEMIN_CALL_SECONDS = 30;

/** Whether a game is dealt from this many decks (Baccara Banque: 3 or 6 only). */
export const decksFit = (kind: RoomKind, decks: number): boolean =>
  kind !== 'baccara-banque' || (BANQUE_DECKS as readonly number[]).includes(decks);

/** A fresh form for a game: its own deck count, everything else as DEFAULT_ROOM. */
export const newRoomForm = (kind: RoomKind): RoomForm => ({
  ...DEFAULT_ROOM,
  kind,
  decks: DEFAULT_DECKS[kind],
  // A banking game's offer, bids and stakes: friends talk before they call.
  ...(kind !== 'punto-banco' ? { bettingSeconds: CHEMIN_CALL_SECONDS } : {}),
});

/** The settings part of POST /api/rooms (the protocol's roomSettingsInputSchema). */
export function roomSettingsInput(form: RoomForm) {
  const evening = eveningInput(form.evening);
  return {
    decks: form.decks,
    ruleSet: form.commission,
    tiePays: form.tiePays,
    sideBets: form.sideBets,
    limits: {
      min: minor(form.minBet),
      max: minor(form.maxBet),
      tie: { max: minor(form.tieMax) },
      side: { max: minor(form.sideMax) },
    },
    seats: form.seats,
    // Kept in range when untimed (the server ignores it then).
    bettingSeconds: form.bettingSeconds ?? DEFAULT_ROOM.bettingSeconds ?? BETTING_SECONDS.min,
    // A Chemin de Fer bank is always offered and covered against the clock.
    untimedBetting: form.kind === 'punto-banco' && form.bettingSeconds === null,
    cardTurning: form.cardTurning,
    cut: form.cut,
    lastHand: form.lastHand,
    seatHoldSeconds: form.seatHoldSeconds,
    ...(form.kind === 'chemin-de-fer'
      ? { kind: form.kind, cheminDeFer: cheminSettingsInput(form.decks, form.chemin) }
      : {}),
    ...(form.kind === 'baccara-banque'
      ? { kind: form.kind, baccaraBanque: banqueSettingsInput(form.decks, form.banque) }
      : {}),
    ...(evening ? { evening } : {}),
  };
}

function cheminSettingsInput(decks: number, chemin: CheminForm) {
  return {
    decks,
    cagnottePercent: chemin.cagnottePercent,
    bank: { min: minor(chemin.bankMin), max: minor(chemin.bankMax) },
    choices:
      chemin.choiceSeconds === null
        ? { mode: 'by-rule' as const }
        : { mode: 'window' as const, seconds: chemin.choiceSeconds },
  };
}
export type RoomSettingsInput = ReturnType<typeof roomSettingsInput>;

/** A room's current settings as a form, for "change settings for the next shoe". */
export function formOf(name: string, settings: TableSettings): RoomForm {
  const chipsOf = (m: number | undefined, fallback: number) =>
    m === undefined ? fallback : m / 100;
  const firstSide = settings.rules.sideBets[0];
  return {
    name,
    // Changing settings for the next shoe is offered in Punto Banco rooms only.
    kind: 'punto-banco',
    chemin: DEFAULT_CHEMIN,
    banque: DEFAULT_BANQUE,
    decks: settings.decks,
    commission: settings.rules.commission,
    tiePays: settings.rules.tiePays,
    sideBets: [...settings.rules.sideBets],
    minBet: chipsOf(settings.limits.player?.min, DEFAULT_ROOM.minBet),
    maxBet: chipsOf(settings.limits.player?.max, DEFAULT_ROOM.maxBet),
    tieMax: chipsOf(settings.limits.tie?.max, DEFAULT_ROOM.tieMax),
    sideMax: chipsOf(firstSide && settings.limits[firstSide]?.max, DEFAULT_ROOM.sideMax),
    seats: settings.seats,
    bettingSeconds: settings.untimedBetting ? null : Math.round(settings.bettingMs / 1000),
    cardTurning: settings.cardTurning,
    cut: settings.cut,
    lastHand: settings.lastHand,
    seatHoldSeconds: Math.round(settings.seatHoldMs / 1000),
    evening: eveningFormOf(settings.evening),
  };
}

/**
 * Which input a refused setting belongs to. The server names the setting by its dotted path
 * (`limits.tie.max`); several paths share one input here (Player and Banker share min and max).
 */
export type FormField =
  | 'name'
  | 'kind'
  | 'cagnotte'
  | 'bankMin'
  | 'bankMax'
  | 'choices'
  | 'bankBy'
  | 'bidding'
  | 'watchersCover'
  | 'decks'
  | 'commission'
  | 'tiePays'
  | 'sideBets'
  | 'minBet'
  | 'maxBet'
  | 'tieMax'
  | 'sideMax'
  | 'seats'
  | 'betting'
  | 'cardTurning'
  | 'cut'
  | 'lastHand'
  | 'seatHold'
  | 'seating'
  | 'chips'
  | 'startingStack'
  | 'topUps'
  | 'sitOut'
  | 'finish';

export function fieldOf(path: string): FormField | null {
  const [head, second, third] = path.replace(/^settings\./, '').split('.');
  switch (head) {
    case 'kind':
      return 'kind';
    case 'cheminDeFer':
      return cheminFieldOf(second, third);
    case 'baccaraBanque':
      return banqueFieldOf(second, third);
    case 'evening':
      return eveningFieldOf(second, third);
    case 'name':
    case 'decks':
    case 'seats':
    case 'cut':
    case 'lastHand':
    case 'cardTurning':
    case 'tiePays':
    case 'sideBets':
      return head;
    case 'ruleSet':
      return 'commission';
    case 'bettingSeconds':
    case 'untimedBetting':
      return 'betting';
    case 'seatHoldSeconds':
      return 'seatHold';
    case 'limits':
      if (second === 'min') return 'minBet';
      if (second === 'tie') return 'tieMax';
      if (second === 'side') return 'sideMax';
      return second === 'max' || third === 'max' ? 'maxBet' : 'minBet';
    default:
      return null;
  }
}

/** `cheminDeFer.bank.max` and the like (C1.2). */
function cheminFieldOf(second: string | undefined, third: string | undefined): FormField {
  switch (second) {
    case 'decks':
      return 'decks';
    case 'cagnottePercent':
      return 'cagnotte';
    case 'bank':
      return third === 'max' ? 'bankMax' : 'bankMin';
    case 'choices':
      return 'choices';
    default:
      return 'kind';
  }
}

/** `baccaraBanque.bank.max` and the like (B1.2). */
function banqueFieldOf(second: string | undefined, third: string | undefined): FormField {
  switch (second) {
    case 'decks':
      return 'decks';
    case 'cagnotteBp':
      return 'cagnotte';
    case 'award':
      return 'bankBy';
    case 'bank':
      return third === 'max' ? 'bankMax' : 'bankMin';
    case 'choices':
      return 'choices';
    case 'biddingSeconds':
      return 'bidding';
    case 'watchersMayCover':
      return 'watchersCover';
    default:
      return 'kind';
  }
}
