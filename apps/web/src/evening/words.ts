import type { EveningView, FinishLine } from '@banco/protocol';
import { chips } from '../lib/format';

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

const clock = (at: number) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** "asked at 20:14", for the host's queue. */
export const askedAt = (at: number) => `asked at ${clock(at)}`;

/**
 * Where this player stands, in words (P9.7, P9.8): asked and waiting, declined with the host's
 * reason, in line, or offered a seat. Null when there is nothing to say.
 */
export function standingWords(you: EveningView['you']): string | null {
  if (you.offer) return `Seat ${you.offer.seat} is free for you. Take it before the time runs out.`;
  if (you.request) {
    const seat = you.request.seat === null ? 'a seat' : `seat ${you.request.seat}`;
    return `You asked for ${seat} at ${clock(you.request.at)}. Waiting for the host to answer…`;
  }
  if (you.waitlistPosition !== null) {
    return you.waitlistPosition === 1
      ? 'You are next in line: the next seat that frees is offered to you.'
      : `You are ${ordinal(you.waitlistPosition)} in line for a seat.`;
  }
  if (you.declined) return `The host said no: “${you.declined.reason}”`;
  return null;
}

/** A top-up asked and its answer, in words (P9.11). */
export function topUpWords(you: EveningView['you']): string | null {
  if (you.topUp) return `You asked for ${chips(you.topUp.amount)} chips. Waiting for the host…`;
  if (you.topUpDeclined) return `The host said no to your top-up: “${you.topUpDeclined.reason}”`;
  return null;
}

/** How far the night is to its finish line (P9.12). */
export function finishWords(finish: FinishLine | null, progress: EveningView['progress']): string {
  if (finish === null) return 'No finish line: the night ends when the host closes the room.';
  switch (finish.kind) {
    case 'rounds':
      // The count takes in the round in play (T11.16 counts rounds begun).
      return progress.rounds === 0
        ? `${finish.count} rounds tonight: the first is about to be dealt.`
        : `Round ${Math.min(progress.rounds, finish.count)} of ${finish.count}.`;
    case 'shoes':
      return `${Math.min(progress.shoes, finish.count)} of ${finish.count} shoes played.`;
    case 'time':
      return `The night ends at ${clock(finish.at)}.`;
    default: {
      const unknown: never = finish;
      return String(unknown);
    }
  }
}
