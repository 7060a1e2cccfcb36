import { useEffect, type RefObject } from 'react';

/** A round a link points at: `/shoes/?table=…&shoe=…&round=N` (the recap links each round). */
export interface LinkedRound {
  readonly shoeId: string | null;
  /** The round's number within its shoe, as the shoe's rows number it. */
  readonly round: number | null;
}

/** Reads `shoe` and `round` from a query string; a round that is not a whole number is no round. */
export function linkedRoundOf(search: string): LinkedRound {
  const params = new URLSearchParams(search);
  const raw = params.get('round');
  const round = raw !== null && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
  return { shoeId: params.get('shoe') || null, round };
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
