/** Chips are integer minor units (100 = 1 chip); only this file turns them into text. */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function chips(minor: number): string {
  const sign = minor < 0 ? '−' : '';
  const abs = Math.abs(minor);
  const units = Math.trunc(abs / 100);
  const cents = abs % 100;
  return `${sign}${whole.format(units)}${cents === 0 ? '' : `.${String(cents).padStart(2, '0')}`}`;
}

/** A change of balance, always with its sign: "+95", "−50", "±0". */
export function signedChips(minor: number): string {
  if (minor === 0) return '±0';
  return minor > 0 ? `+${chips(minor)}` : chips(minor);
}

const SUIT_SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;
const SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' } as const;
const RANK_NAMES: Record<string, string> = { A: 'ace', J: 'jack', Q: 'queen', K: 'king' };
type SuitLetter = keyof typeof SUIT_SYMBOLS;

export interface CardParts {
  rank: string;
  suit: SuitLetter;
  symbol: string;
  red: boolean;
}

export function cardParts(code: string): CardParts {
  const suit = code.slice(-1) as SuitLetter;
  return {
    rank: code.slice(0, -1),
    suit,
    symbol: SUIT_SYMBOLS[suit],
    red: suit === 'H' || suit === 'D',
  };
}

/** "9♥" for the eye. */
export function cardShort(code: string): string {
  const { rank, symbol } = cardParts(code);
  return `${rank}${symbol}`;
}

/** "nine of hearts" for screen readers. */
export function cardSpoken(code: string): string {
  const { rank, suit } = cardParts(code);
  return `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[suit]}`;
}
