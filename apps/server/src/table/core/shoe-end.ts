import type { Step } from './step.js';

/**
 * T7.3, T11.7: the shoe in play is over: its server seed is published so anyone can re-run it.
 * `announce: false` when the table already said so before it stopped (T9.1).
 */
export function endShoe(step: Step, options: { announce: boolean }): void {
  const shoe = step.state.shoe;
  if (!shoe) return;
  if (options.announce) {
    step.emit({
      type: 'shoe.ended',
      shoeId: shoe.id,
      number: shoe.number,
      serverSeed: shoe.serverSeed,
      clientSeed: shoe.clientSeed,
      commitment: shoe.commitment,
      // Every game's rounds (or coups) are the shoe's own count of them.
      rounds: shoe.state.roundsDealt,
    });
  }
  step.effect({ type: 'end-shoe', shoeId: shoe.id });
}
