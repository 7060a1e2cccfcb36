import { shoeReplySchema, type ShoeReply } from '@banco/protocol';
import { cheminDeFer, commitmentOf, playShoe } from '@banco/rules';
import type { PrismaClient } from '../../src/db/prisma.js';
import { call } from '../../src/testing/rooms.js';

export interface ShoeAudit {
  shoes: number;
  /** Rounds and coups that took cards, each compared card for card with the re-dealt shoe. */
  rounds: number;
  problems: string[];
}

/**
 * R11, R19: every shoe whose seed is out, as anyone may fetch it (GET /api/shoes/:id), dealt
 * again here from its seeds with @banco/rules and compared round by round with what the table
 * recorded; and the server's own verdict on it must agree.
 */
export async function auditShoes(url: string, prisma: PrismaClient): Promise<ShoeAudit> {
  const ids = await prisma.$queryRaw<Array<{ id: string; table_id: string }>>`
    SELECT id, table_id FROM shoes WHERE revealed_at IS NOT NULL ORDER BY id`;
  const audit: ShoeAudit = { shoes: 0, rounds: 0, problems: [] };
  for (const { id, table_id: tableId } of ids) {
    // T10.6: a private room's shoe is found by naming its room, as its players do.
    const { status, body } = await call(url, `/api/shoes/${id}?tableId=${tableId}`);
    if (status !== 200) {
      audit.problems.push(`shoe ${id}: GET answered ${status}`);
      continue;
    }
    const shoe = shoeReplySchema.parse(body);
    audit.shoes += 1;
    const dealt = shoe.rounds.filter((r) => r.cards.length > 0);
    audit.rounds += dealt.length;
    const why = redeal(shoe);
    if (why) audit.problems.push(`shoe ${id} (${shoe.game}): ${why}`);
    if (!shoe.verification?.verified) {
      audit.problems.push(
        `shoe ${id}: the server's verification says ${JSON.stringify(shoe.verification)}`,
      );
    }
  }
  return audit;
}

/** Why the record differs from its shoe dealt again, or null when every round matches. */
export function redeal(shoe: ShoeReply): string | null {
  const { serverSeed, clientSeed } = shoe;
  if (serverSeed === null || clientSeed === null) return 'revealed without its seeds';
  if (commitmentOf(serverSeed) !== shoe.commitment)
    return 'the seed does not hash to the commitment';
  const seeds = { serverSeed, clientSeed, shoeNumber: shoe.number, decks: shoe.decks };
  if (shoe.game === 'chemin-de-fer') {
    const replayed = cheminDeFer.replayCheminShoe(seeds, shoe.rounds);
    if (!replayed.ok) return replayed.error.message;
    const wrong = replayed.value.coups.filter((c) => c.why !== null);
    if (wrong.length > 0) return wrong.map((c) => `coup ${c.number}: ${c.why}`).join('; ');
    const dealt = shoe.rounds.filter((r) => r.cards.length > 0).length;
    return replayed.value.coups.length === dealt
      ? null
      : `${dealt} coups took cards, ${replayed.value.coups.length} re-dealt`;
  }
  const played = playShoe({ ...seeds, cut: shoe.cut, lastHand: shoe.lastHand });
  if (!played.ok) return played.error.message;
  for (const stored of shoe.rounds) {
    if (stored.cards.length === 0) continue;
    const round = played.value.rounds[stored.number - 1];
    if (!round) return `round ${stored.number} is past the shoe's end`;
    if (round.dealt.join(' ') !== stored.cards.join(' ')) {
      return `round ${stored.number}: recorded ${stored.cards.join(' ')}, dealt ${round.dealt.join(' ')}`;
    }
    if (!stored.voided && stored.outcome !== round.outcome) {
      return `round ${stored.number}: recorded ${stored.outcome}, the cards give ${round.outcome}`;
    }
  }
  return null;
}
