import { sitWords } from '../table/watching-words';

/**
 * What every game's seats say the same way, whichever felt draws them (the oval's Seats, the
 * Baccara Banque sides): a free seat's button and a seat whose player sits out (P9.10).
 */

/** P9.10: the words a seat whose player sits out carries, in its name and on the felt. */
export const SITTING_OUT = 'sitting out';

/** What a taken seat's name adds for a screen reader: away (T1.5), sitting out (P9.10). */
export const seatStateWords = (away: boolean, out: boolean) =>
  `${away ? ', away' : ''}${out ? `, ${SITTING_OUT}` : ''}`;

/** The class a seat takes while its player is away or sits out: dashed edge, dimmed chips. */
export const SEAT_RESTING = 'seat--away';

/** A free seat's button: sits down, or, where the host approves each player, asks (P9.7). */
export function SitButton({
  seat,
  asks,
  onSit,
}: {
  seat: number;
  asks: boolean;
  onSit: (seat: number) => void;
}) {
  const words = sitWords(asks);
  return (
    <button
      type="button"
      className="seat__sit"
      onClick={() => onSit(seat)}
      aria-label={`${words}: seat ${seat}`}
    >
      {words}
    </button>
  );
}

/** P9.10: the mark on a seat whose player sits out (the Seats' status line says it in place). */
export function SittingOutMark({ seat }: { seat: number }) {
  return (
    <span className="seat__status seat__status--out" data-testid={`seat-sitting-out-${seat}`}>
      {SITTING_OUT}
    </span>
  );
}
