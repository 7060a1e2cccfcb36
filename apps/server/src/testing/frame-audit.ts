import type { Layout, TableEvent } from '@banco/protocol';
import type { Frame } from './test-banco.js';

/**
 * Replays what one client received and lists every frame that showed a card face before its
 * reveal (T5.4, P1.4). Faces may only appear in a layout at positions already revealed, in
 * `cards.revealed` itself, in the result after the last reveal, and in a peek sent to the
 * seat named as turner by the `turn.started` just before it.
 */
export function auditFrames(frames: readonly Frame[], mySeat: number | null): string[] {
  const problems: string[] = [];
  let revealed: Layout = { player: [], banker: [] };
  let turner: number | null | undefined;
  for (const [index, frame] of frames.entries()) {
    if (frame.kind === 'private') {
      if (turner === undefined || turner === null || turner !== mySeat) {
        problems.push(
          `frame ${index}: a card peek reached seat ${mySeat} while seat ${turner} turns`,
        );
      }
      continue;
    }
    const event = frame.event;
    switch (event.type) {
      case 'betting.opened':
        revealed = { player: [], banker: [] };
        turner = undefined;
        break;
      case 'turn.started':
        turner = event.turner;
        checkLayout(event, event.layout, revealed, problems, index);
        break;
      case 'cards.dealt':
        checkLayout(event, event.layout, revealed, problems, index);
        break;
      case 'cards.revealed':
        revealed = { ...revealed, [event.hand]: event.cards };
        turner = undefined;
        checkLayout(event, event.layout, revealed, problems, index);
        break;
      case 'round.result':
        if (
          JSON.stringify(event.player.cards) !== JSON.stringify(revealed.player) ||
          JSON.stringify(event.banker.cards) !== JSON.stringify(revealed.banker)
        ) {
          problems.push(`frame ${index}: round ${event.round} result shows cards never revealed`);
        }
        break;
      default:
        break;
    }
  }
  return problems;
}

function checkLayout(
  event: TableEvent,
  layout: Layout,
  revealed: Layout,
  problems: string[],
  index: number,
): void {
  for (const hand of ['player', 'banker'] as const) {
    layout[hand].forEach((card, i) => {
      if (card !== null && card !== revealed[hand][i]) {
        problems.push(
          `frame ${index} (${event.type}): ${hand} card ${i + 1} face shown before its reveal`,
        );
      }
    });
  }
}
