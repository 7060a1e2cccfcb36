import { verifyCommand } from '@banco/protocol';
import {
  baccaraBanque,
  burnShoe,
  cheminDeFer,
  commitmentOf,
  playShoe,
  type ShoeConfig,
} from '@banco/rules';
import { z } from 'zod';
import type { HistoryShoe } from './stores.js';

/** The part of a stored shoe's settings that the fair shuffle needs (R10, R11). */
export const shoeConfigSchema = z.object({
  decks: z.number().int().positive(),
  cut: z.number().int().nonnegative(),
  lastHand: z.enum(['plus-one', 'finish-current']),
});

export function shoeConfigOf(shoe: Pick<HistoryShoe, 'id' | 'settings'>): ShoeConfig {
  const parsed = shoeConfigSchema.safeParse(shoe.settings);
  if (!parsed.success) {
    throw new Error(`shoe ${shoe.id} has unreadable settings: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export interface ShoeVerification {
  /** The seed hashes to the commitment, the shoe replays, and every stored round matches. */
  verified: boolean;
  commitmentMatches: boolean;
  /** Rounds the replay dealt (the stored shoe may have stopped earlier). */
  roundsReplayed: number;
  /** Numbers (within the shoe) of stored rounds whose cards differ from the replay. */
  mismatches: number[];
  /** Why the replay itself failed, if it did. */
  problem?: string;
  /** Runs the same check on anyone's machine. */
  command: string;
}

/** Re-runs a revealed shoe from its seeds and compares every stored round's cards (R11). */
export function verifyShoe(
  shoe: Omit<HistoryShoe, 'serverSeed' | 'clientSeed'> & { serverSeed: string; clientSeed: string },
  config: ShoeConfig,
): ShoeVerification {
  const command = verifyCommand({
    serverSeed: shoe.serverSeed,
    clientSeed: shoe.clientSeed,
    shoeNumber: shoe.number,
    decks: config.decks,
    cut: config.cut,
    lastHand: config.lastHand,
    game: shoe.game,
  });
  const commitmentMatches = commitmentOf(shoe.serverSeed) === shoe.commitment;
  if (shoe.game === 'chemin-de-fer')
    return verifyCheminShoe(shoe, config, commitmentMatches, command);
  if (shoe.game === 'baccara-banque')
    return verifyBanqueShoe(shoe, config, commitmentMatches, command);
  const played = playShoe({
    serverSeed: shoe.serverSeed,
    clientSeed: shoe.clientSeed,
    shoeNumber: shoe.number,
    decks: config.decks,
    cut: config.cut,
    lastHand: config.lastHand,
  });
  if (!played.ok) {
    return {
      verified: false,
      commitmentMatches,
      roundsReplayed: 0,
      mismatches: shoe.rounds.map((r) => r.number),
      problem: `${played.error.code}: ${played.error.message}`,
      command,
    };
  }
  const replayed = played.value.rounds;
  const mismatches = shoe.rounds
    .filter((stored) => {
      // T9.6: a round voided before its deal took no card: nothing to compare.
      if (stored.voided && stored.cards.length === 0) return false;
      const round = replayed[stored.number - 1];
      return (
        round === undefined ||
        (!stored.voided && round.outcome !== stored.outcome) ||
        round.dealt.length !== stored.cards.length ||
        round.dealt.some((card, i) => card !== stored.cards[i])
      );
    })
    .map((r) => r.number);
  return {
    verified: commitmentMatches && mismatches.length === 0,
    commitmentMatches,
    roundsReplayed: replayed.length,
    mismatches,
    command,
  };
}

/**
 * T15.10: a Chemin de Fer shoe's coups are re-run by R19 (its choices need not be known): each
 * coup that took cards must be the shoe's next cards, legally drawn, and its result their totals'.
 */
function verifyCheminShoe(
  shoe: Omit<HistoryShoe, 'serverSeed' | 'clientSeed'> & { serverSeed: string; clientSeed: string },
  config: ShoeConfig,
  commitmentMatches: boolean,
  command: string,
): ShoeVerification {
  const replayed = cheminDeFer.replayCheminShoe(
    {
      serverSeed: shoe.serverSeed,
      clientSeed: shoe.clientSeed,
      shoeNumber: shoe.number,
      decks: config.decks,
    },
    shoe.rounds,
  );
  if (!replayed.ok) {
    return {
      verified: false,
      commitmentMatches,
      roundsReplayed: 0,
      mismatches: shoe.rounds.map((r) => r.number),
      problem: `${replayed.error.code}: ${replayed.error.message}`,
      command,
    };
  }
  const checked = new Map(replayed.value.coups.map((c) => [c.number, c]));
  const mismatches = shoe.rounds
    .filter((stored) => {
      if (stored.cards.length === 0) return false; // T9.6, R15.5: no card, nothing to compare
      const coup = checked.get(stored.number);
      return coup === undefined || coup.why !== null;
    })
    .map((r) => r.number);
  const firstWhy = replayed.value.coups.find((c) => c.why !== null)?.why;
  return {
    verified: commitmentMatches && mismatches.length === 0,
    commitmentMatches,
    roundsReplayed: replayed.value.coups.length,
    mismatches,
    ...(firstWhy ? { problem: firstWhy } : {}),
    command,
  };
}

/**
 * T16.12: a Baccara Banque shoe is shuffled and burned from its seeds, and each coup that took
 * cards must be the shoe's next cards in the order they left it (right, left, banker twice
 * round, then the third cards as drawn); the banker's free choice means no drawing table can say
 * more about them.
 */
function verifyBanqueShoe(
  shoe: Omit<HistoryShoe, 'serverSeed' | 'clientSeed'> & { serverSeed: string; clientSeed: string },
  config: ShoeConfig,
  commitmentMatches: boolean,
  command: string,
): ShoeVerification {
  const created = baccaraBanque.createBaccaraBanqueShoe({
    serverSeed: shoe.serverSeed,
    clientSeed: shoe.clientSeed,
    shoeNumber: shoe.number,
    decks: config.decks,
  });
  const burned = created.ok ? burnShoe(created.value) : created;
  if (!burned.ok) {
    return {
      verified: false,
      commitmentMatches,
      roundsReplayed: 0,
      mismatches: shoe.rounds.map((r) => r.number),
      problem: `${burned.error.code}: ${burned.error.message}`,
      command,
    };
  }
  const { state } = burned.value;
  let next = state.next;
  let replayed = 0;
  const mismatches: number[] = [];
  for (const stored of [...shoe.rounds].sort((a, b) => a.number - b.number)) {
    if (stored.cards.length === 0) continue; // T16.4: called off or uncovered, no card taken
    const cards = state.cards.slice(next, next + stored.cards.length);
    if (cards.length !== stored.cards.length || cards.some((c, i) => c !== stored.cards[i])) {
      mismatches.push(stored.number);
    }
    next += stored.cards.length;
    replayed += 1;
  }
  return {
    verified: commitmentMatches && mismatches.length === 0,
    commitmentMatches,
    roundsReplayed: replayed,
    mismatches,
    command,
  };
}
