/**
 * T16.3: the two halves of the table: seats 1–6 are the banker's right side and 7–12 his left,
 * each counted from the seat nearest him (as the rules helper's R22 has them); the banker's own
 * seat plays no tableau while he holds the bank.
 */
import type { Tableau } from './coup.js';

export const SEATS_PER_SIDE = 6;

export function sideOf(seat: number): Tableau | null {
  if (seat < 1 || seat > 2 * SEATS_PER_SIDE) return null;
  return seat <= SEATS_PER_SIDE ? 'right' : 'left';
}

const distance = (seat: number) => (seat - 1) % SEATS_PER_SIDE;

export function sideSeats(seats: readonly number[], side: Tableau, banker: number): number[] {
  return seats
    .filter((s) => s !== banker && sideOf(s) === side)
    .sort((a, b) => distance(a) - distance(b));
}

/** T16.4: stakes are taken from the banker's right, alternating sides outwards. */
export function stakingOrder(seats: readonly number[], banker: number): number[] {
  const right = sideSeats(seats, 'right', banker);
  const left = sideSeats(seats, 'left', banker);
  const order: number[] = [];
  for (let i = 0; i < Math.max(right.length, left.length); i++) {
    if (right[i] !== undefined) order.push(right[i]!);
    if (left[i] !== undefined) order.push(left[i]!);
  }
  return order;
}

/**
 * T16.5: a side's cards stay with their holder while the side wins; the nearest punter takes
 * them when there is none (or the holder left); after a loss they move one seat along.
 */
export function holderNow(
  seats: readonly number[],
  side: Tableau,
  banker: number,
  previous: number | null,
): number | null {
  const along = sideSeats(seats, side, banker);
  return previous !== null && along.includes(previous) ? previous : (along[0] ?? null);
}

export function nextHolder(
  seats: readonly number[],
  side: Tableau,
  banker: number,
  holder: number | null,
): number | null {
  const along = sideSeats(seats, side, banker);
  if (along.length === 0) return null;
  const at = holder === null ? -1 : along.indexOf(holder);
  return along[(at + 1) % along.length] ?? null;
}
