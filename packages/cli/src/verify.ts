import { playShoe, type LastHandRule, type RoundResult } from '@banco/rules';
import { UsageError, type CliIo } from './io.js';

export interface VerifyOptions {
  serverSeed: string;
  clientSeed: string;
  shoe: number;
  decks: number;
  cut: number;
  lastHand: LastHandRule;
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
