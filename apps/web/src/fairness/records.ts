import { z } from 'zod';
import { call } from '../lib/api';
import type { RecordedRound, RevealedShoe } from './replay';

const outcome = z.enum(['player', 'banker', 'tie']);

/** GET /api/shoes/:id (P5): what the table recorded of a shoe. */
const shoeRecordSchema = z.object({
  id: z.string(),
  tableId: z.string(),
  number: z.number().int().positive(),
  commitment: z.string(),
  clientSeed: z.string().nullable(),
  decks: z.number().int().positive(),
  cut: z.number().int().nonnegative(),
  lastHand: z.enum(['plus-one', 'finish-current']),
  burnShown: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  serverSeed: z.string().nullable(),
  rounds: z.array(
    z.object({
      number: z.number().int().positive(),
      cards: z.array(z.string()),
      outcome: outcome.nullable(),
      voided: z.boolean(),
    }),
  ),
});
export type ShoeRecord = z.infer<typeof shoeRecordSchema>;

/** GET /api/tables/:id/rounds: the rounds' history, with the totals the table announced. */
const roundsSchema = z.object({
  rounds: z.array(
    z.object({
      shoeId: z.string(),
      number: z.number().int(),
      playerTotal: z.number().int(),
      bankerTotal: z.number().int(),
    }),
  ),
});

/** GET /api/tables/:id/shoes (P11.3). */
const shoeListSchema = z.object({
  tableId: z.string(),
  shoes: z.array(
    z.object({
      id: z.string(),
      number: z.number().int().positive(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      revealed: z.boolean(),
      rounds: z.number().int().nonnegative(),
    }),
  ),
});
export type ShoeListing = z.infer<typeof shoeListSchema>['shoes'][number];

const q = encodeURIComponent;

export const fetchShoe = (shoeId: string, tableId: string) =>
  call(`/api/shoes/${q(shoeId)}?tableId=${q(tableId)}`, shoeRecordSchema);

export const fetchShoes = (tableId: string) =>
  call(`/api/tables/${q(tableId)}/shoes?limit=20`, shoeListSchema);

/** The totals of a shoe's rounds from the table's recent history (its last 100 rounds). */
export async function fetchTotals(
  tableId: string,
  shoeId: string,
): Promise<Map<number, { playerTotal: number; bankerTotal: number }>> {
  const reply = await call(`/api/tables/${q(tableId)}/rounds?limit=100`, roundsSchema);
  return new Map(
    reply.rounds
      .filter((r) => r.shoeId === shoeId)
      .map((r) => [r.number, { playerTotal: r.playerTotal, bankerTotal: r.bankerTotal }]),
  );
}

/** A fetched shoe as the replay's input and its recorded rounds; null seed while in play. */
export function revealedOf(record: ShoeRecord): RevealedShoe | null {
  if (record.serverSeed === null || record.clientSeed === null) return null;
  return {
    serverSeed: record.serverSeed,
    clientSeed: record.clientSeed,
    commitment: record.commitment,
    contributions: null,
    shoeNumber: record.number,
    decks: record.decks,
    cut: record.cut,
    lastHand: record.lastHand,
  };
}

export function recordedRounds(
  record: ShoeRecord,
  totals: ReadonlyMap<number, { playerTotal: number; bankerTotal: number }>,
): RecordedRound[] {
  return record.rounds.map((r) => ({
    number: r.number,
    cards: r.cards,
    outcome: r.outcome,
    voided: r.voided,
    ...(totals.get(r.number) ?? {}),
  }));
}

/** The verify link of an ended shoe (the /shoes page and the table link here). */
export const fairnessLink = (shoeId: string, tableId: string) =>
  `/fairness/?shoe=${q(shoeId)}&table=${q(tableId)}`;
