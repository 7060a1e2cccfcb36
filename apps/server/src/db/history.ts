import type { RoomKind } from '@banco/protocol';
import { toNumber } from './amounts.js';
import { NO_SEAT } from './escrow.js';
import type { BetResult, Outcome, RecentRound, ShoeRecord } from './ledger-types.js';
import type { PrismaClient } from './prisma.js';

// Read-only views of past rounds and shoes for history and the fairness page.

/**
 * T15.10: the game a shoe was dealt for, from its stored settings; a shoe stored before they
 * said was dealt at a Punto Banco table.
 */
export function shoeGameOf(settings: unknown): RoomKind {
  const game = (settings as { game?: unknown } | null)?.game;
  return game === 'chemin-de-fer' || game === 'baccara-banque' ? game : 'punto-banco';
}

/** Settled rounds of a table, newest first, with their bets. */
export async function recentRounds(
  prisma: PrismaClient,
  tableId: string,
  limit: number,
): Promise<RecentRound[]> {
  const rounds = await prisma.round.findMany({
    where: { tableId, status: 'SETTLED' },
    orderBy: { seq: 'desc' },
    take: Math.max(0, Math.floor(limit)),
    include: {
      shoe: { select: { number: true } },
      bets: {
        select: {
          playerId: true,
          seat: true,
          spot: true,
          amount: true,
          result: true,
          returned: true,
        },
        orderBy: [{ seat: 'asc' }, { spot: 'asc' }],
      },
    },
  });
  return rounds.map((r) => ({
    id: r.id,
    seq: r.seq,
    shoeId: r.shoeId,
    shoeNumber: r.shoe.number,
    number: r.number,
    cards: (r.cards ?? []) as string[],
    outcome: r.outcome as Outcome,
    playerTotal: r.playerTotal ?? 0,
    bankerTotal: r.bankerTotal ?? 0,
    trace: r.trace,
    holderSeat: r.holderSeat,
    openedAt: r.openedAt.toISOString(),
    settledAt: (r.settledAt ?? r.openedAt).toISOString(),
    bets: r.bets.map((b) => ({
      playerId: b.playerId,
      seat: b.seat === NO_SEAT ? null : b.seat,
      spot: b.spot,
      amount: toNumber(b.amount),
      result: b.result as BetResult,
      returned: toNumber(b.returned ?? 0n),
    })),
  }));
}

/** A shoe for the fairness page; its server seed only once the shoe is revealed. */
export async function shoeRecord(prisma: PrismaClient, shoeId: string): Promise<ShoeRecord | null> {
  const shoe = await prisma.shoe.findUnique({
    where: { id: shoeId },
    include: {
      table: { select: { isPublic: true } },
      rounds: {
        where: { status: { in: ['SETTLED', 'VOIDED'] } },
        orderBy: [{ number: 'asc' }, { seq: 'asc' }],
        select: { number: true, cards: true, outcome: true, status: true, trace: true },
      },
    },
  });
  if (!shoe) return null;
  const revealed = shoe.endedAt !== null && shoe.revealedAt !== null;
  return {
    id: shoe.id,
    tableId: shoe.tableId,
    tablePublic: shoe.table.isPublic,
    number: shoe.number,
    commitment: shoe.commitment,
    clientSeed: shoe.clientSeed,
    settings: shoe.settings,
    game: shoeGameOf(shoe.settings),
    burnShown: shoe.burnShown,
    startedAt: shoe.startedAt.toISOString(),
    endedAt: shoe.endedAt?.toISOString() ?? null,
    serverSeed: revealed ? shoe.serverSeed : null,
    rounds: shoe.rounds.map((r) => ({
      number: r.number,
      cards: (r.cards ?? []) as string[],
      outcome: r.outcome as Outcome | null,
      voided: r.status === 'VOIDED',
      // P5.1: held back here too while the shoe is in play, whatever the caller does with it.
      trace: revealed ? r.trace : null,
    })),
  };
}

/** A shoe in a table's list of shoes (the /shoes page): no seed, no cards. */
export interface ShoeListing {
  id: string;
  number: number;
  startedAt: string;
  endedAt: string | null;
  /** The server seed is published: anyone may re-run the shoe. */
  revealed: boolean;
  /** Rounds settled or voided in it. */
  rounds: number;
  game: RoomKind;
}

/** A table's shoes, newest first. */
export async function tableShoes(
  prisma: PrismaClient,
  tableId: string,
  limit: number,
): Promise<ShoeListing[]> {
  const shoes = await prisma.shoe.findMany({
    where: { tableId },
    orderBy: { number: 'desc' },
    take: Math.max(0, Math.floor(limit)),
    select: {
      id: true,
      number: true,
      startedAt: true,
      endedAt: true,
      revealedAt: true,
      settings: true,
      _count: { select: { rounds: { where: { status: { in: ['SETTLED', 'VOIDED'] } } } } },
    },
  });
  return shoes.map((s) => ({
    id: s.id,
    number: s.number,
    startedAt: s.startedAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
    revealed: s.endedAt !== null && s.revealedAt !== null,
    rounds: s._count.rounds,
    game: shoeGameOf(s.settings),
  }));
}
