import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditCheminFrames } from '../../src/testing/chemin-audit.js';
import { auditFrames } from '../../src/testing/frame-audit.js';
import type { Frame } from '../../src/testing/test-banco.js';
import type { Invariant } from './ledger-audit.js';

/** The leak audit's tally over every client of every life of the server. */
export interface FrameTally extends Invariant {
  /** Frames before a client's first round opened: a round already under way when it joined. */
  skipped: number;
}

export const emptyTally = (): FrameTally => ({ checked: 0, breaches: [], skipped: 0 });

/**
 * T5.4, P1.4, T15.8: no card face in a frame before the event that reveals it, by the audits
 * the bot games use, over what one client received in one life of the server. Both audits
 * follow a round from its start, so a client that joined a round under way (after a restart)
 * is audited from the first round it saw open: before that it cannot know what was revealed
 * while it was away.
 */
export function auditClientFrames(
  tally: FrameTally,
  game: 'punto-banco' | 'chemin-de-fer',
  label: string,
  frames: readonly Frame[],
  seat: number,
): void {
  const opens = (f: Frame) =>
    f.kind === 'event' &&
    (game === 'punto-banco'
      ? f.event.type === 'betting.opened'
      : f.event.type === 'chemin.updated');
  const first = frames.findIndex(opens);
  const audited = first === -1 ? [] : frames.slice(first);
  tally.skipped += frames.length - audited.length;
  tally.checked += audited.length;
  const problems =
    game === 'punto-banco' ? auditFrames(audited, seat) : auditCheminFrames(audited, seat);
  if (problems.length === 0) return;
  // What the client received, whole, to see the breach in its place.
  const path = join(tmpdir(), `soak-frames-${label.replace(/\W+/g, '-')}.json`);
  writeFileSync(path, JSON.stringify(audited, null, 1));
  tally.breaches.push(...problems.map((p) => `${label}: ${p} (its frames: ${path})`));
}
