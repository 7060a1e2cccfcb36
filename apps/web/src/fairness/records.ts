import {
  shoeListReply,
  shoeReplySchema,
  type ShoeListReply,
  type ShoeReply,
} from '@banco/protocol';
import { z } from 'zod';
import { call } from '../lib/api';
import type { RecordedRound, RevealedShoe } from './replay';

/** GET /api/shoes/:id, parsed by the schema the server answers with. */
export type ShoeRecord = ShoeReply;

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

export type ShoeListing = ShoeListReply['shoes'][number];

const q = encodeURIComponent;

export const fetchShoe = (shoeId: string, tableId: string) =>
  call(`/api/shoes/${q(shoeId)}?tableId=${q(tableId)}`, shoeReplySchema);

export const fetchShoes = (tableId: string) =>
  call(`/api/tables/${q(tableId)}/shoes?limit=20`, shoeListReply);

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

/**
 * The verify link of an ended shoe (the /shoes page and the table link here). The game it was
 * dealt for rides along for servers whose record does not say it (C6.1).
 */
export const fairnessLink = (shoeId: string, tableId: string, game?: ShoeReply['game']) =>
  `/fairness/?shoe=${q(shoeId)}&table=${q(tableId)}${game ? `&game=${q(game)}` : ''}`;
