import { err, ok, type Result } from '@banco/rules';
import { LEFT_OUT, withCards, type StoredShoeState } from '../../core/stored-shoe.js';
import type { Phase, ShoeSession } from '../../core/state.js';

// T9.10: the round's shoe is the session's cards at a later position: a save leaves them out.

export function storedPhase(phase: Phase, shoe: ShoeSession | null): unknown {
  if (!('round' in phase)) return phase;
  const after = phase.round.shoeAfter;
  if (after === null || after.cards !== shoe?.state.cards) return phase;
  return { ...phase, round: { ...phase.round, shoeAfter: { ...after, cards: LEFT_OUT } } };
}

/** The round's shoe gets the session's cards back; an old save has its own. */
export function restoredPhase(phase: Phase, shoe: ShoeSession | null): Result<Phase> {
  if (!('round' in phase)) return ok(phase);
  const after = phase.round.shoeAfter as StoredShoeState | null | undefined;
  if (!after || Array.isArray(after.cards)) return ok(phase);
  if (!shoe) return err('BAD_SHOE', 'the stored round has a shoe but the table none');
  const shoeAfter = withCards(after, shoe.state.cards);
  return ok({ ...phase, round: { ...phase.round, shoeAfter } } as Phase);
}
