import {
  burnShoe,
  commitmentOf,
  createFairShoe,
  cutIndex,
  playShoe,
  type LastHandRule,
  type RoundResult,
} from '@banco/rules';
import { UsageError, type CliIo } from './io.js';

export interface VerifyOptions {
  serverSeed: string;
  clientSeed: string;
  shoe: number;
  decks: number;
  cut: number;
  lastHand: LastHandRule;
  game: 'punto-banco' | 'chemin-de-fer' | 'baccara-banque';
}

/** The line format is part of the public contract: bots and auditors parse it. */
export function roundLine(round: number, result: RoundResult): string {
  return JSON.stringify({
    round,
    player: result.player.cards,
    banker: result.banker.cards,
    playerTotal: result.player.total,
    bankerTotal: result.banker.total,
    outcome: result.outcome,
  });
}

export function verify(options: VerifyOptions, io: CliIo): void {
  if (options.game !== 'punto-banco') return verifyCardOrder(options, io);
  const played = playShoe({
    serverSeed: options.serverSeed,
    clientSeed: options.clientSeed,
    shoeNumber: options.shoe,
    decks: options.decks,
    cut: options.cut,
    lastHand: options.lastHand,
  });
  if (!played.ok) throw new UsageError(`${played.error.code}: ${played.error.message}`);
  const { commitment, burn, rounds } = played.value;
  // Only round lines carry a "round" key, so `grep '"round"'` or a JSON-lines reader can split them out.
  io.out(`commitment ${commitment}`);
  io.out(`burn ${burn.shown} shown, ${burn.burned.length} burned unseen`);
  rounds.forEach((result, i) => io.out(roundLine(i + 1, result)));
  io.out(`${rounds.length} rounds`);
}

/**
 * R19.1, R25.1: a Chemin de Fer or Baccara Banque coup's draws depend on its choices, so the shoe
 * alone cannot say how each coup went; it prints the order every coup's cards must follow (for
 * Chemin de Fer punto, banker, punto, banker; for Baccara Banque right, left, banker twice; then
 * any third cards), one card a line, for a record to be checked against.
 */
function verifyCardOrder(options: VerifyOptions, io: CliIo): void {
  const created = createFairShoe({
    serverSeed: options.serverSeed,
    clientSeed: options.clientSeed,
    shoeNumber: options.shoe,
    decks: options.decks,
    cut: options.cut,
    lastHand: options.lastHand,
  });
  if (!created.ok) throw new UsageError(`${created.error.code}: ${created.error.message}`);
  const burned = burnShoe(created.value);
  if (!burned.ok) throw new UsageError(`${burned.error.code}: ${burned.error.message}`);
  const { state, shown } = burned.value;
  io.out(`commitment ${commitmentOf(options.serverSeed)}`);
  io.out(`burn ${shown} shown, ${burned.value.burned.length} burned unseen`);
  const order = state.cards.slice(state.next);
  order.forEach((card, i) => io.out(JSON.stringify({ card, n: i + 1 })));
  io.out(`stop card after card ${cutIndex(state) - state.next}`);
  io.out(`${order.length} cards`);
}
