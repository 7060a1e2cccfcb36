import { SIDE_SPOT_NAMES, type TableSettings } from '@banco/protocol';

export type RuleSet = TableSettings['rules']['commission'];
export type SideSpot = (typeof SIDE_SPOT_NAMES)[number];

/**
 * What the host fills in, in the units a person thinks in: whole chips and seconds. Only
 * `roomSettingsInput` turns it into what the server reads, so the two cannot drift apart.
 */
export interface RoomForm {
  name: string;
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
}

export const DEFAULT_ROOM: RoomForm = {
  name: '',
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
};

export const DECK_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const BETTING_SECONDS = { min: 5, max: 60 } as const;
export const SEAT_RANGE = { min: 2, max: 14 } as const;
export const SEAT_HOLD_CHOICES = [30, 60, 120, 300] as const;
export const SIDE_BETS: readonly SideSpot[] = SIDE_SPOT_NAMES;

const minor = (wholeChips: number): number => Math.round(wholeChips * 100);

/** The settings part of POST /api/rooms (the protocol's roomSettingsInputSchema). */
export function roomSettingsInput(form: RoomForm) {
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
    untimedBetting: form.bettingSeconds === null,
    cardTurning: form.cardTurning,
    cut: form.cut,
    lastHand: form.lastHand,
    seatHoldSeconds: form.seatHoldSeconds,
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
  };
}

/**
 * Which input a refused setting belongs to. The server names the setting by its dotted path
 * (`limits.tie.max`); several paths share one input here (Player and Banker share min and max).
 */
export type FormField =
  | 'name'
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
  | 'seatHold';

export function fieldOf(path: string): FormField | null {
  const [head, second, third] = path.replace(/^settings\./, '').split('.');
  switch (head) {
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
