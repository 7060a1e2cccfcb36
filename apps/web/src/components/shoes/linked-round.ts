import { useEffect, type RefObject } from 'react';

/** A round a link points at: `/shoes/?table=…&shoe=…&round=N` (the recap links each round). */
export interface LinkedRound {
  readonly shoeId: string | null;
  /** The round's number within its shoe, as the shoe's rows number it. */
  readonly round: number | null;
  /** The same round in the room's count, as the recap numbers it (`night`). */
  readonly night: number | null;
}

/** Reads `shoe` and `round` from a query string; a round that is not a whole number is no round. */
export function linkedRoundOf(search: string): LinkedRound {
  const params = new URLSearchParams(search);
  const count = (name: string) => {
    const raw = params.get(name);
    return raw !== null && /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : null;
  };
  const round = count('round');
  return {
    shoeId: params.get('shoe') || null,
    round,
    night: round === null ? null : count('night'),
  };
}

/**
 * Once the linked round's row is on the page: scroll it to the middle and move focus onto it,
 * so a screen reader reads the row and a keyboard user carries on from there. Runs once per row.
 */
export function useFocusLinkedRow(
  within: RefObject<HTMLElement | null>,
  round: number | null,
  ready: boolean,
) {
  useEffect(() => {
    if (!ready || round === null) return;
    const row = within.current?.querySelector<HTMLElement>(`#round-${round}`);
    if (!row) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    row.focus({ preventScroll: true });
  }, [within, round, ready]);
}
