/** What this player may do with the shoe right now: pass it, or answer an offer. */
export interface ShoeBarProps {
  canPass: boolean;
  offered: boolean;
  onPass(): void;
  onAccept(): void;
  onRefuse(): void;
}

/** Sits under the felt so the holder and the offered seat see it on a phone too. */
export function ShoeBar({ canPass, offered, onPass, onAccept, onRefuse }: ShoeBarProps) {
  if (!canPass && !offered) return null;
  return (
    <div className="shoe-bar" data-testid="shoe-bar">
      {offered ? (
        <>
          <p>The shoe is offered to you: deal the next rounds, or let it move on.</p>
          <button type="button" className="primary" onClick={onAccept}>
            Accept the shoe
          </button>
          <button type="button" onClick={onRefuse}>
            Refuse the shoe
          </button>
        </>
      ) : (
        <>
          <p>You hold the shoe. You may pass it to the next seat before the deal.</p>
          <button type="button" onClick={onPass}>
            Pass the shoe
          </button>
        </>
      )}
    </div>
  );
}
