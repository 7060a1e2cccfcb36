'use client';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * An inline "are you sure?" for an action that cannot be undone. The confirming button takes
 * the focus, so Enter confirms and Escape (or "Keep") steps back, by keyboard alone.
 */
export function Confirm({
  question,
  yes,
  onYes,
  onNo,
}: {
  question: ReactNode;
  yes: string;
  onYes: () => void;
  onNo: () => void;
}) {
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => yesRef.current?.focus(), []);
  return (
    <div
      className="confirm"
      role="group"
      aria-label={yes}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onNo();
        }
      }}
    >
      <span className="confirm__question">{question}</span>
      <span className="confirm__buttons">
        <button ref={yesRef} type="button" className="danger" onClick={onYes}>
          {yes}
        </button>
        <button type="button" onClick={onNo}>
          Keep it
        </button>
      </span>
    </div>
  );
}
