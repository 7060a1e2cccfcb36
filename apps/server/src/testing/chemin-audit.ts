import type { CoupView } from '@banco/protocol';
import type { Frame } from './test-banco.js';

/**
 * T15.8, C4.4, C5.3: replays what one client received at a Chemin de Fer table and lists every
 * frame that showed a card face before its time: a face-down card (a hand's first two), a
 * hidden total or a choice's cell in a coup not yet settled, or a hand's own cards sent to
 * anyone but its player.
 */
export function auditCheminFrames(frames: readonly Frame[], mySeat: number | null): string[] {
  const problems: string[] = [];
  let inPlay: CoupView | null = null;
  for (const [index, frame] of frames.entries()) {
    if (frame.kind === 'private') {
      const message = frame.message;
      if (message.type !== 'chemin.cards') continue;
      const owner =
        inPlay?.coup !== message.coup
          ? undefined
          : message.hand === 'banker'
            ? inPlay.banker
            : (inPlay.cover?.puntoSeat ?? undefined);
      if (owner === undefined || owner !== mySeat) {
        problems.push(`frame ${index}: the ${message.hand}'s cards reached seat ${mySeat}`);
      }
      continue;
    }
    const event = frame.event;
    if (event.type !== 'chemin.updated') continue;
    inPlay = event.view.coup;
    const coup = event.view.coup;
    if (!coup || coup.phase === 'settled') continue;
    for (const hand of ['punto', 'banker'] as const) {
      if (coup.cards[hand].slice(0, 2).some((card) => card !== null)) {
        problems.push(`frame ${index}: a face-down ${hand} card shown in coup ${coup.coup}`);
      }
    }
    for (const step of coup.story) {
      if (step.kind === 'dealt' && [...step.punto, ...step.banker].some((c) => c !== null)) {
        problems.push(`frame ${index}: the deal's faces in the story of coup ${coup.coup}`);
      }
      if ((step.kind === 'draw' || step.kind === 'stand') && step.total !== null) {
        problems.push(`frame ${index}: the ${step.hand}'s hidden total in coup ${coup.coup}`);
      }
      // R14.5: the cell a choice was made at gives the chooser's total away.
      if ((step.kind === 'draw' || step.kind === 'stand') && step.cell !== undefined) {
        problems.push(`frame ${index}: the ${step.hand}'s choice cell in coup ${coup.coup}`);
      }
      if (step.kind === 'result') problems.push(`frame ${index}: a result before settlement`);
    }
  }
  return problems;
}
