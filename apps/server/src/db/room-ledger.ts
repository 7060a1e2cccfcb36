import {
  LEDGER_EXPORT_FORMAT,
  tableSettingsSchema,
  type LedgerExport,
  type LedgerRound,
  type LedgerSession,
} from '@banco/protocol';
import { stackAccount, walletAccount } from './accounts.js';
import { toNumber } from './amounts.js';
import type { PrismaClient } from './prisma.js';
import type { RecapRound, SeatSpan } from './room-recap.js';

/**
 * T10.9: a room's ledger as the group takes it home, read from the ledger itself: sessions from
 * the seat history, stakes and returns from the bets, grants from the room-chips transfers,
 * and what each player started with from their account's transfers before they sat. Null for a
 * room this player may not read: one they never sat at and do not host, a public table, one
 * that does not exist (the same answer for each, as for an unknown room: P8.4).
 */
export async function roomLedger(
  prisma: PrismaClient,
  roomId: string,
  playerId: string,
  now: Date,
): Promise<LedgerExport | null> {
  const table = await prisma.table.findUnique({ where: { id: roomId } });
  if (!table || table.isPublic) return null;
  const seatEvents = await prisma.seatEvent.findMany({
    where: { tableId: roomId },
    orderBy: { id: 'asc' },
    include: { player: { select: { name: true } } },
  });
  const member = table.hostPlayerId === playerId || seatEvents.some((e) => e.playerId === playerId);
  if (!member) return null;
  const settings = tableSettingsSchema.safeParse(table.settings);
  const chips = settings.success && settings.data.evening?.chips === 'room' ? 'room' : 'wallet';
  const account = (id: string) => (chips === 'room' ? stackAccount(roomId, id) : walletAccount(id));

  const rounds = await prisma.round.findMany({
    where: { tableId: roomId, status: { in: ['SETTLED', 'VOIDED'] } },
    orderBy: { seq: 'asc' },
    include: { shoe: { select: { commitment: true } }, bets: true },
  });
  const bets = rounds.flatMap((r) => r.bets);
  const roundIds = rounds.map((r) => r.id);

  // Sessions: each SIT to the LEAVE that follows it (or to now while the player sits).
  const open = new Map<string, { joined: Date; name: string }>();
  const spans: { playerId: string; name: string; joined: Date; left: Date | null }[] = [];
  for (const e of seatEvents) {
    if (e.kind === 'SIT') open.set(e.playerId, { joined: e.at, name: e.player.name });
    else {
      const sat = open.get(e.playerId);
      if (sat) spans.push({ playerId: e.playerId, ...sat, left: e.at });
      open.delete(e.playerId);
    }
  }
  for (const [id, sat] of open) spans.push({ playerId: id, ...sat, left: null });
  spans.sort((a, b) => a.joined.getTime() - b.joined.getTime());

  const players = [...new Set(spans.map((s) => s.playerId))];
  const transfers = await prisma.transfer.findMany({
    where: {
      OR: [
        { toAccountId: { in: players.map(account) } },
        { fromAccountId: { in: players.map(account) } },
      ],
    },
    orderBy: { id: 'asc' },
  });
  const grantKinds = new Set(['GRANT', 'TOP_UP', 'ADJUST']);
  const isGrant = (t: (typeof transfers)[number]) =>
    chips === 'room'
      ? grantKinds.has(t.kind)
      : t.kind === 'REFILL' && t.roundId !== null && roundIds.includes(t.roundId);

  const sessions: LedgerSession[] = spans.map((span) => {
    const id = account(span.playerId);
    const signed = (t: (typeof transfers)[number]) =>
      (t.toAccountId === id ? 1 : t.fromAccountId === id ? -1 : 0) * toNumber(t.amount);
    const joined = span.joined.getTime();
    const left = span.left?.getTime() ?? Infinity;
    const started = transfers
      .filter((t) => t.createdAt.getTime() <= joined)
      .reduce((sum, t) => sum + signed(t), 0);
    const granted = transfers
      .filter((t) => t.createdAt.getTime() > joined && t.createdAt.getTime() <= left)
      .filter(isGrant)
      .reduce((sum, t) => sum + signed(t), 0);
    const mine = bets.filter(
      (b) =>
        b.playerId === span.playerId &&
        b.createdAt.getTime() >= joined &&
        b.createdAt.getTime() <= left,
    );
    const wagered = mine.reduce((sum, b) => sum + toNumber(b.amount), 0);
    const won = mine.reduce((sum, b) => sum + toNumber(b.returned ?? 0n), 0);
    return {
      playerId: span.playerId,
      name: span.name,
      joined: span.joined.toISOString(),
      left: span.left?.toISOString() ?? null,
      started,
      granted,
      wagered,
      won,
      net: won - wagered,
      ended: started + granted + won - wagered,
    };
  });

  const ledgerRounds: LedgerRound[] = rounds.flatMap((r) => {
    if (!r.outcome || !r.settledAt) return [];
    const byPlayer = new Map<string, { stake: number; net: number }>();
    for (const b of r.bets) {
      const line = byPlayer.get(b.playerId) ?? { stake: 0, net: 0 };
      line.stake += toNumber(b.amount);
      line.net += toNumber(b.returned ?? 0n) - toNumber(b.amount);
      byPlayer.set(b.playerId, line);
    }
    return [
      {
        roundId: r.id,
        seq: r.seq,
        shoeId: r.shoeId,
        outcome: r.outcome as LedgerRound['outcome'],
        settledAt: r.settledAt.toISOString(),
        commitment: r.shoe.commitment,
        players: [...byPlayer].map(([id, line]) => ({ playerId: id, ...line })),
      },
    ];
  });

  const totals = players.map((id) => {
    const mine = sessions.filter((s) => s.playerId === id);
    const sum = (field: 'granted' | 'wagered' | 'won' | 'net') =>
      mine.reduce((total, s) => total + s[field], 0);
    return {
      playerId: id,
      name: mine[0]!.name,
      granted: sum('granted'),
      wagered: sum('wagered'),
      won: sum('won'),
      net: sum('net'),
    };
  });

  return {
    format: LEDGER_EXPORT_FORMAT,
    roomId,
    name: table.name,
    chips,
    closed: table.status === 'CLOSED',
    exportedAt: now.toISOString(),
    sessions,
    rounds: ledgerRounds,
    totals,
  };
}

/** P8.11: what the recap needs beside the ledger: each round's holder seat and who sat where. */
export async function recapInputs(
  prisma: PrismaClient,
  roomId: string,
  now: Date,
): Promise<{ rounds: RecapRound[]; seats: SeatSpan[] }> {
  const rounds = await prisma.round.findMany({
    where: { tableId: roomId, status: 'SETTLED' },
    orderBy: { seq: 'asc' },
    include: { shoe: { select: { number: true } } },
  });
  const events = await prisma.seatEvent.findMany({
    where: { tableId: roomId },
    orderBy: { id: 'asc' },
  });
  const seats: SeatSpan[] = [];
  const open = new Map<string, { seat: number; from: number }>();
  for (const e of events) {
    if (e.kind === 'SIT') open.set(e.playerId, { seat: e.seat, from: e.at.getTime() });
    else {
      const sat = open.get(e.playerId);
      if (sat) seats.push({ playerId: e.playerId, ...sat, to: e.at.getTime() });
      open.delete(e.playerId);
    }
  }
  for (const [playerId, sat] of open) seats.push({ playerId, ...sat, to: now.getTime() });
  return {
    rounds: rounds.map((r) => ({
      id: r.id,
      seq: r.seq,
      number: r.number,
      shoeId: r.shoeId,
      shoeNumber: r.shoe.number,
      openedAt: r.openedAt.getTime(),
      holderSeat: r.holderSeat,
    })),
    seats,
  };
}
