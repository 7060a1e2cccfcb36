import { burnShoe, clientSeedFrom, createFairShoe, createShoe, roundStatus } from '@banco/rules';
import type { TableInput } from './inputs.js';
import { nightIsOver } from './evening/finish.js';
import { applyNextSettings, finishClose } from './room-life.js';
import { presentCount } from './seats.js';
import { endShoe } from './shoe-end.js';
import type { ShoeSession } from './state.js';
import type { Step } from './step.js';
import { shoeView } from './views.js';

// T7: the shoe's life, which every game plays on: made, committed, seeded, shuffled, burned,
// ended; between two of its rounds the game starts the next.

const shoeIsOver = (shoe: ShoeSession | null) =>
  shoe === null || roundStatus(shoe.state) === 'finished';

/**
 * T2.1: between rounds, the table's game starts the next one as long as somebody is seated and
 * present (T1.5: a table of away seats waits for one of them to come back), the room is not
 * paused (T11.4) and not closing (T11.7: it closes now that its round is over).
 */
export function startNextRound(step: Step): void {
  const { state } = step;
  step.cancelWakeUp();
  if (state.room?.closing || nightIsOver(step)) return finishClose(step);
  if (presentCount(state) === 0 || state.closing || state.room?.paused) {
    step.update({ phase: { kind: 'waiting' } });
    return;
  }
  if (shoeIsOver(state.shoe)) {
    applyNextSettings(step);
    step.update({ phase: { kind: 'shuffling' } });
    step.effect({ type: 'new-shoe', number: state.lastShoeNumber + 1 });
    return;
  }
  step.game.start(step);
}

/**
 * T7.1: a fresh shoe is announced by its commitment, then waits for seed contributions
 * (R11.7) for the table's seeding window; with no window it is shuffled at once.
 */
export function onShoeReady(step: Step, input: Extract<TableInput, { type: 'shoe-ready' }>): void {
  if (step.state.phase.kind !== 'shuffling') return;
  const { shoe } = input;
  const { decks, cut, lastHand, seedMs } = step.state.settings;
  const deadline = step.now + seedMs;
  step.update({ lastShoeNumber: Math.max(step.state.lastShoeNumber, shoe.number) });
  step.emit({
    type: 'shoe.new',
    shoeId: shoe.id,
    number: shoe.number,
    commitment: shoe.commitment,
    decks,
    cut,
    lastHand,
    seedingUntil: deadline,
  });
  step.update({ phase: { kind: 'seeding', shoe, deadline, contributions: [] } });
  // A closing room takes no contributions: the shoe is shuffled, ended and revealed (T11.7).
  if (seedMs > 0 && !step.state.room?.closing) step.wakeAt(deadline);
  else shuffleShoe(step);
}

/** T7.1: one contribution per player while the shoe waits for its client seed. */
export function contributeSeed(step: Step, playerId: string, seed: string): void {
  const { phase } = step.state;
  if (phase.kind !== 'seeding') {
    return step.refuse('WRONG_PHASE', 'no shoe is waiting for seed contributions');
  }
  if (phase.contributions.some((c) => c.playerId === playerId)) {
    return step.refuse('ALREADY_CONTRIBUTED', 'you have already sent a seed for this shoe');
  }
  if (phase.contributions.length >= MAX_CONTRIBUTIONS) {
    return step.refuse('SEEDING_FULL', `this shoe already has ${MAX_CONTRIBUTIONS} contributions`);
  }
  const contributions = [...phase.contributions, { playerId, seed }];
  step.update({ phase: { ...phase, contributions } });
  step.emit({ type: 'shoe.contribution', playerId, seed, count: contributions.length });
  step.succeed();
}

/** Keeps the client seed's input, and every message carrying it, small. */
const MAX_CONTRIBUTIONS = 32;

/** R11.7, T7.2: the client seed is fixed, the shoe shuffled and burned in view. */
export function shuffleShoe(step: Step): void {
  const { phase, settings } = step.state;
  if (phase.kind !== 'seeding') return;
  step.cancelWakeUp();
  const { shoe } = phase;
  const seeds = phase.contributions.map((c) => c.seed);
  const clientSeed = clientSeedFrom(shoe.commitment, seeds);
  if (!clientSeed.ok) throw new Error(`bad seed contribution: ${clientSeed.error.message}`);
  const { decks, cut, lastHand } = settings;
  const created = shoe.scripted
    ? createShoe(shoe.scripted, { cut, lastHand })
    : createFairShoe({
        serverSeed: shoe.serverSeed,
        clientSeed: clientSeed.value,
        shoeNumber: shoe.number,
        decks,
        cut,
        lastHand,
      });
  if (!created.ok) throw new Error(`the shoe could not be shuffled: ${created.error.message}`);
  const burned = burnShoe(created.value);
  if (!burned.ok) throw new Error(`a new shoe could not be burned: ${burned.error.message}`);
  const session: ShoeSession = {
    id: shoe.id,
    number: shoe.number,
    serverSeed: shoe.serverSeed,
    commitment: shoe.commitment,
    clientSeed: clientSeed.value,
    state: created.value,
    results: [],
    ...(shoe.scripted ? { scripted: true } : {}),
  };
  step.update({ shoe: session });
  step.emit({ type: 'shoe.shuffled', shoe: shoeView(session, decks), contributions: seeds });
  step.update({ shoe: { ...session, state: burned.value.state } });
  step.emit({ type: 'shoe.burned', shown: burned.value.shown, burned: burned.value.burned.length });
  step.effect({
    type: 'record-shuffle',
    shoeId: shoe.id,
    clientSeed: clientSeed.value,
    shown: burned.value.shown,
  });
  startNextRound(step);
}

/**
 * T7.3: a shoe the cut card has finished is ended and its seed published so anyone can re-run
 * it. `announce: false` when the table already said so before it stopped (T9.1).
 */
export function endShoeIfOver(step: Step, options: { announce: boolean }): void {
  const shoe = step.state.shoe;
  if (shoe && roundStatus(shoe.state) === 'finished') endShoe(step, options);
}
