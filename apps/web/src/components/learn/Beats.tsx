import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface Beat {
  readonly key: string;
  /** Renders the beat; it calls `done` once its part is finished. */
  readonly render: (done: () => void) => ReactNode;
}

/**
 * A step's parts, one after another: the next appears (and takes the focus, so a keyboard
 * or screen-reader user is where the lesson is) only when the one before is finished.
 */
export function Beats({ beats, onComplete }: { beats: readonly Beat[]; onComplete: () => void }) {
  const [reached, setReached] = useState(0);
  const holders = useRef<(HTMLDivElement | null)[]>([]);
  const completed = useRef(false);
  const finish = useRef(onComplete);
  useEffect(() => {
    finish.current = onComplete;
  });
  const count = beats.length;

  // Runs when a beat is finished, never on a mere re-render: the focus is not taken back.
  useEffect(() => {
    if (reached >= count) {
      if (!completed.current) {
        completed.current = true;
        finish.current();
      }
      return;
    }
    if (reached > 0) holders.current[reached]?.focus();
  }, [reached, count]);

  return (
    <div className="beats">
      {beats.slice(0, reached + 1).map((beat, i) => (
        <div
          key={beat.key}
          className="beat"
          tabIndex={-1}
          ref={(el) => {
            holders.current[i] = el;
          }}
          data-testid={`beat-${beat.key}`}
        >
          {beat.render(() => setReached((r) => Math.max(r, i + 1)))}
        </div>
      ))}
    </div>
  );
}
