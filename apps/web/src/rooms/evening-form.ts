import type { ChipsMode, EveningSettings, SeatingMode } from '@banco/protocol';

/**
 * The host's evening in the form (P8.7–P8.9), in whole chips and plain choices. A form left at
 * its defaults sends no evening at all, so a room that wants none is the room it always was.
 */
export interface EveningForm {
  seating: SeatingMode;
  chips: ChipsMode;
  /** Whole chips; read only with room chips. */
  startingStack: number;
  /** "Up to the starting stack when below the minimum", granted without asking the host. */
  autoTopUp: boolean;
  /** Top-ups each player may have per night; null for no limit. */
  topUpsPerNight: number | null;
  /** Rounds in a row without a bet before a player sits out; null never. */
  autoSitOutRounds: number | null;
  finish: FinishKind;
  /** Rounds or shoes, for a finish line by count. */
  finishCount: number;
  /** A finish line by time: when, epoch ms (null until a time is chosen). */
  finishAt: number | null;
}

export type FinishKind = 'none' | 'rounds' | 'shoes' | 'time';

export const DEFAULT_EVENING: EveningForm = {
  seating: 'open',
  chips: 'wallet',
  startingStack: 1_000,
  autoTopUp: false,
  topUpsPerNight: null,
  autoSitOutRounds: null,
  finish: 'none',
  finishCount: 30,
  finishAt: null,
};

export const TOP_UP_CHOICES: readonly (number | null)[] = [null, 0, 1, 2, 3, 5];
export const SIT_OUT_CHOICES: readonly (number | null)[] = [null, 2, 3, 5, 10];

const minor = (wholeChips: number): number => Math.round(wholeChips * 100);

/** Nothing asked of the evening: no setting to send. */
function isPlain(form: EveningForm): boolean {
  return (
    form.seating === 'open' &&
    form.chips === 'wallet' &&
    form.autoSitOutRounds === null &&
    form.finish === 'none'
  );
}

/** The `evening` part of the room's settings, or nothing for a room as before. */
export function eveningInput(form: EveningForm): EveningSettings | undefined {
  if (isPlain(form)) return undefined;
  return {
    seating: form.seating,
    chips: form.chips,
    ...(form.chips === 'room'
      ? {
          roomChips: {
            startingStack: minor(form.startingStack),
            topUps: { autoBelowMinimum: form.autoTopUp, perNight: form.topUpsPerNight },
          },
        }
      : {}),
    // The server's own defaults for what the form does not ask.
    waitlistMax: 10,
    offerSeconds: 60,
    autoSitOutRounds: form.autoSitOutRounds,
    finish: finishInput(form),
  };
}

function finishInput(form: EveningForm): EveningSettings['finish'] {
  switch (form.finish) {
    case 'none':
      return null;
    case 'rounds':
    case 'shoes':
      return { kind: form.finish, count: form.finishCount };
    case 'time':
      // A time not chosen yet is sent as none: the server would refuse a finish line without one.
      return form.finishAt === null ? null : { kind: 'time', at: form.finishAt };
    default: {
      const unknown: never = form.finish;
      return unknown;
    }
  }
}

/** A room's evening as the form shows it, for "change settings for the next shoe". */
export function eveningFormOf(settings: EveningSettings | undefined): EveningForm {
  if (!settings) return DEFAULT_EVENING;
  const finish = settings.finish;
  return {
    seating: settings.seating,
    chips: settings.chips,
    startingStack:
      (settings.roomChips?.startingStack ?? minor(DEFAULT_EVENING.startingStack)) / 100,
    autoTopUp: settings.roomChips?.topUps.autoBelowMinimum ?? false,
    topUpsPerNight: settings.roomChips?.topUps.perNight ?? null,
    autoSitOutRounds: settings.autoSitOutRounds,
    finish: finish?.kind ?? 'none',
    finishCount: finish && finish.kind !== 'time' ? finish.count : DEFAULT_EVENING.finishCount,
    finishAt: finish?.kind === 'time' ? finish.at : null,
  };
}

/**
 * "22:30" as the next time the clock reads it, from `now`: tonight, or tomorrow when tonight's
 * has passed (a night that runs past midnight). Null for what is not a time.
 */
export function nextAt(clock: string, now: number): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(clock);
  if (!match) return null;
  const at = new Date(now);
  at.setHours(Number(match[1]), Number(match[2]), 0, 0);
  if (at.getTime() <= now) at.setDate(at.getDate() + 1);
  return at.getTime();
}

/** An epoch time as the clock input shows it ("22:30", local time). */
export function clockOf(at: number | null): string {
  if (at === null) return '';
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** Which evening input a refused `evening.…` path belongs to. */
export function eveningFieldOf(second: string | undefined, third: string | undefined) {
  switch (second) {
    case 'seating':
      return 'seating' as const;
    case 'roomChips':
      return third === 'topUps' ? ('topUps' as const) : ('startingStack' as const);
    case 'autoSitOutRounds':
      return 'sitOut' as const;
    case 'finish':
      return 'finish' as const;
    default:
      return 'chips' as const;
  }
}
