import type { BaccaraBanqueView, BanqueCoupView } from '@banco/protocol';
import type { Frame } from './test-banco.js';

/** What a page holds: the frames it was sent, and the views its resyncs gave it (P2.13). */
export type BanqueFrame =
  Frame | { readonly kind: 'snapshot'; readonly view: BaccaraBanqueView | undefined };

/**
 * T16.11, B4.4, B5.3: replays what one client received at a Baccara Banque table and lists every
 * frame that showed a card face before its time: a hand's first two cards (unless turned over as
 * a natural) or a hidden total in a coup not yet settled, a result before the settlement, or a
 * hand's own cards (or the banker's values) sent to anyone but the one who holds it.
 */
export function auditBanqueFrames(frames: readonly BanqueFrame[], mySeat: number | null): string[] {
  const problems: string[] = [];
  let inPlay: BanqueCoupView | null = null;
  for (const [index, frame] of frames.entries()) {
    if (frame.kind === 'private') {
      const message = frame.message;
      if (message.type !== 'banque.cards') continue;
      const owner =
        inPlay?.coup !== message.coup
          ? undefined
          : message.hand === 'banker'
            ? inPlay.banker
            : inPlay.holders[message.hand];
      if (owner === undefined || owner === null || owner !== mySeat) {
        problems.push(`frame ${index}: the ${message.hand}'s cards reached seat ${mySeat}`);
      }
      if (message.window !== null && message.hand !== 'banker') {
        problems.push(`frame ${index}: a choice window for the ${message.hand}`);
      }
      continue;
    }
    let view: BaccaraBanqueView | undefined;
    if (frame.kind === 'snapshot') view = frame.view;
    else if (frame.event.type === 'banque.updated') view = frame.event.view;
    if (!view) continue;
    inPlay = view.coup;
    const coup = view.coup;
    if (!coup || coup.phase === 'settled' || coup.phase === 'not-dealt') continue;
    const turned = (hand: 'right' | 'left' | 'banker') =>
      coup.story.some((s) => s.kind === 'natural' && s.hand === hand);
    for (const hand of ['right', 'left', 'banker'] as const) {
      if (!turned(hand) && coup.cards[hand].slice(0, 2).some((card) => card !== null)) {
        problems.push(`frame ${index}: a face-down ${hand} card shown in coup ${coup.coup}`);
      }
    }
    for (const step of coup.story) {
      if (step.kind === 'dealt') {
        for (const hand of ['right', 'left', 'banker'] as const) {
          if (!turned(hand) && step[hand].some((c) => c !== null)) {
            problems.push(
              `frame ${index}: the deal's ${hand} faces in the story of coup ${coup.coup}`,
            );
          }
        }
      }
      if (
        (step.kind === 'draw' || step.kind === 'stand') &&
        step.total !== null &&
        !turned(step.hand)
      ) {
        problems.push(`frame ${index}: the ${step.hand}'s hidden total in coup ${coup.coup}`);
      }
      if (step.kind === 'result') problems.push(`frame ${index}: a result before settlement`);
    }
    if (coup.settlement !== null) problems.push(`frame ${index}: a settlement before its time`);
  }
  return problems;
}
