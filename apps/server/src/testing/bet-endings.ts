import type { PrismaClient } from '../db/prisma.js';

/**
 * Each bet of a finished round with how many transfers closed it: one COLLECT, RETURN or REFUND
 * (T9.5), whatever key a writer gave them, so a second close under another key shows too.
 */
export async function betEndings(
  prisma: PrismaClient,
): Promise<Array<{ id: string; status: string; ends: number }>> {
  const rows = await prisma.$queryRaw<Array<{ id: string; status: string; ends: bigint }>>`
    SELECT b.id, b.status::text AS status,
           (SELECT count(*) FROM transfers t
             WHERE t.bet_id = b.id AND t.kind IN ('COLLECT', 'RETURN', 'REFUND')) AS ends
      FROM bets b JOIN rounds r ON r.id = b.round_id WHERE r.status <> 'OPEN'`;
  return rows.map((r) => ({ id: r.id, status: r.status, ends: Number(r.ends) }));
}
