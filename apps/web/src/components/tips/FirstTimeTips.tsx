'use client';
import { useEffect, useState } from 'react';
import { dismissedTips, dismissTips, TIPS, type TipId } from './tips';

/**
 * Three tips for a first visit to a live table, one at a time. Each one dismissed stays
 * dismissed in this browser (localStorage).
 */
export default function FirstTimeTips() {
  // Null until mounted: the page is exported static, and storage is the browser's.
  const [dismissed, setDismissed] = useState<TipId[] | null>(null);
  useEffect(() => setDismissed(dismissedTips()), []);
  if (dismissed === null) return null;
  const left = TIPS.filter((tip) => !dismissed.includes(tip.id));
  const tip = left[0];
  if (!tip) return null;
  const hide = (ids: TipId[]) => {
    dismissTips(ids);
    // Kept in state too: a browser that refuses storage still hides the tip for this visit.
    setDismissed([...new Set([...dismissed, ...ids])]);
  };
  const number = TIPS.findIndex((t) => t.id === tip.id) + 1;
  return (
    <section className="tip" aria-labelledby="tip-title" data-testid="first-time-tip">
      <h2 id="tip-title" className="tip__title">
        Tip {number} of {TIPS.length}: {tip.title}
      </h2>
      <p className="tip__text">{tip.text}</p>
      <div className="tip__actions">
        <button type="button" onClick={() => hide([tip.id])}>
          Got it
        </button>
        {left.length > 1 ? (
          <button type="button" className="tip__all" onClick={() => hide(left.map((t) => t.id))}>
            Hide all tips
          </button>
        ) : null}
      </div>
    </section>
  );
}
