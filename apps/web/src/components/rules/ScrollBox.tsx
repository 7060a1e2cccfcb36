import type { ReactNode } from 'react';

/**
 * A wide table's frame: on a phone it scrolls sideways, so it takes the focus (arrow keys
 * scroll it) and is named for a screen reader.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    <div className="page__scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
