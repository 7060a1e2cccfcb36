import {
  roundsReplySchema,
  shoeReplySchema,
  type RoundRecord,
  type ShoeReply,
} from '@banco/protocol';
import { isCardCode, resolveFromCards, type RoundResult } from '@banco/rules';
import { call } from '../../lib/api';

/** The table keeps this many settled rounds on show (the route's own limit). */
export const HISTORY_LIMIT = 100;

export async function loadRounds(tableId: string): Promise<RoundRecord[]> {
  const reply = await call(
    `/api/tables/${encodeURIComponent(tableId)}/rounds?limit=${HISTORY_LIMIT}`,
    roundsReplySchema,
  );
  return reply.rounds;
}

/** A private room's shoe answers only when the room is named with it (T10.6). */
export function shoePath(shoeId: string, tableId: string): string {
  return `/api/shoes/${encodeURIComponent(shoeId)}?tableId=${encodeURIComponent(tableId)}`;
}

export function loadShoe(shoeId: string, tableId: string): Promise<ShoeReply> {
  return call(shoePath(shoeId, tableId), shoeReplySchema);
}

/** The round replayed from its stored cards by the rules package: hands, totals and why. */
export function replay(record: RoundRecord): RoundResult | null {
  const cards = record.cards.filter(isCardCode);
  if (cards.length !== record.cards.length) return null;
  const played = resolveFromCards(cards);
  return played.ok ? played.value : null;
}

export interface YourBet {
  spot: string;
  amount: number;
  result: 'lose' | 'push' | 'win';
  returned: number;
}

export const yourBetsIn = (record: RoundRecord, playerId: string): YourBet[] =>
  record.bets
    .filter((b) => b.playerId === playerId)
    .map(({ spot, amount, result, returned }) => ({ spot, amount, result, returned }));

/** What the round did to your balance: everything returned minus everything staked. */
export const netOf = (bets: readonly YourBet[]): number =>
  bets.reduce((sum, b) => sum + b.returned - b.amount, 0);

/**
 * The rounds of the shoe in play, oldest first: the i-th is the i-th bead of the bead plate
 * (both list settled rounds only; a voided round is in neither).
 */
export function shoeRounds(rounds: readonly RoundRecord[], shoeId: string | null): RoundRecord[] {
  if (shoeId === null) return [];
  return rounds.filter((r) => r.shoeId === shoeId).sort((a, b) => a.number - b.number);
}

export interface SessionStats {
  rounds: number;
  wagered: number;
  net: number;
  biggestWin: number;
  won: number;
  lost: number;
}

/** Your rounds at this table since `since` (ISO time), from the table's settled history. */
export function sessionStats(
  rounds: readonly RoundRecord[],
  playerId: string,
  since: string,
): SessionStats {
  const stats: SessionStats = { rounds: 0, wagered: 0, net: 0, biggestWin: 0, won: 0, lost: 0 };
  for (const record of rounds) {
    if (record.settledAt < since) continue;
    const bets = yourBetsIn(record, playerId);
    if (bets.length === 0) continue;
    const net = netOf(bets);
    stats.rounds += 1;
    stats.wagered += bets.reduce((sum, b) => sum + b.amount, 0);
    stats.net += net;
    stats.biggestWin = Math.max(stats.biggestWin, net);
    if (net > 0) stats.won += 1;
    if (net < 0) stats.lost += 1;
  }
  return stats;
}

const SESSION_KEY = 'banco.session.';

/** When this tab first sat at this table: a reload keeps the session, a new tab starts one. */
export function sessionStart(tableId: string, now: () => Date = () => new Date()): string {
  try {
    const known = window.sessionStorage.getItem(SESSION_KEY + tableId);
    if (known) return known;
    const start = now().toISOString();
    window.sessionStorage.setItem(SESSION_KEY + tableId, start);
    return start;
  } catch {
    return now().toISOString();
  }
}
