/**
 * R22.1–R22.3: the two halves of the table. Seats 1–6 are the banker's right side and 7–12 his
 * left, each numbered from the seat nearest him; the banker keeps the seat he sat in, which
 * plays no tableau while he holds the bank. Every function takes the seats occupied now, since
 * players come and go between coups.
 */
export type Seat = number;

export const TABLEAUX = ['right', 'left'] as const;
export type Tableau = (typeof TABLEAUX)[number];

/** R22.1 */
export const SEATS_PER_SIDE = 6;
export const BACCARA_BANQUE_SEATS = 2 * SEATS_PER_SIDE;

/** R22.1: which side a seat is on, or null for a seat the game has no place for. */
export function sideOf(seat: Seat): Tableau | null {
  if (!Number.isInteger(seat) || seat < 1 || seat > BACCARA_BANQUE_SEATS) return null;
  return seat <= SEATS_PER_SIDE ? 'right' : 'left';
}

/** 0 for the seat nearest the banker on its side. */
export const distanceOf = (seat: Seat): number => (seat - 1) % SEATS_PER_SIDE;

export const otherTableau = (tableau: Tableau): Tableau => (tableau === 'right' ? 'left' : 'right');

/** The punters of one side (the banker's own seat excluded), nearest the banker first. */
export function sideSeats(seats: readonly Seat[], side: Tableau, banker: Seat | null): Seat[] {
  return [...new Set(seats)]
    .filter((s) => s !== banker && sideOf(s) === side)
    .sort((a, b) => distanceOf(a) - distanceOf(b));
}

/**
 * R22.3: the turn round the table from the banker's right: his right side outwards, then his
 * left side inwards, as the seats run round an oval table. Stakes are taken in this order.
 */
export function stakingOrder(seats: readonly Seat[], banker: Seat | null): Seat[] {
  return [...sideSeats(seats, 'right', banker), ...sideSeats(seats, 'left', banker).reverse()];
}

/**
 * R22.4: the first claim to a banco: the banker's right-hand neighbour, then his left-hand one,
 * alternating outwards.
 */
export function bancoOrder(seats: readonly Seat[], banker: Seat | null): Seat[] {
  const right = sideSeats(seats, 'right', banker);
  const left = sideSeats(seats, 'left', banker);
  const order: Seat[] = [];
  for (let i = 0; i < Math.max(right.length, left.length); i++) {
    if (right[i] !== undefined) order.push(right[i]!);
    if (left[i] !== undefined) order.push(left[i]!);
  }
  return order;
}

export type Holders = Readonly<Record<Tableau, Seat | null>>;

/** R22.2: at a bank's first coup each side's cards go to the punter nearest the banker. */
export function firstHolders(seats: readonly Seat[], banker: Seat | null): Holders {
  return {
    right: sideSeats(seats, 'right', banker)[0] ?? null,
    left: sideSeats(seats, 'left', banker)[0] ?? null,
  };
}

/** The next seat along a side after `from` (further from the banker), wrapping to the nearest. */
function along(side: Seat[], from: Seat): Seat | null {
  return side.find((s) => distanceOf(s) > distanceOf(from)) ?? side[0] ?? null;
}

/** R22.2: which sides lost the coup, from its outcomes: their cards move along. */
export function lostOf(outcomes: Readonly<Record<Tableau, 'tableau' | 'banker' | 'tie'>>) {
  return { right: outcomes.right === 'banker', left: outcomes.left === 'banker' };
}

/**
 * R22.2: a side keeps its holder while its tableau wins or ties; on a loss the cards move along
 * to the next punter of that side. A holder who has left is replaced by the next one along.
 */
export function nextHolders(
  holders: Holders,
  lost: Readonly<Record<Tableau, boolean>>,
  seats: readonly Seat[],
  banker: Seat | null,
): Holders {
  const next = (tableau: Tableau): Seat | null => {
    const side = sideSeats(seats, tableau, banker);
    const holder = holders[tableau];
    if (holder === null) return side[0] ?? null;
    if (!side.includes(holder)) return along(side, holder);
    return lost[tableau] ? along(side, holder) : holder;
  };
  return { right: next('right'), left: next('left') };
}
