import type { LedgerExport, Recap } from '@banco/protocol';

/** Who sat in a seat when: from the seat history, to name the holder of each round. */
export interface SeatSpan {
  readonly playerId: string;
  readonly seat: number;
  readonly from: number;
  readonly to: number;
}

export interface RecapRound {
  readonly id: string;
  readonly seq: number;
  /** The round's number within its shoe: the row /shoes shows it in. */
  readonly number: number;
  readonly shoeId: string;
  readonly shoeNumber: number;
  readonly openedAt: number;
  readonly holderSeat: number | null;
}

/**
 * P8.11: where /shoes shows one round. It numbers a round within its shoe, so the link names
 * both (the table's round counter would match no row once a second shoe starts), and the
 * night's count the recap shows (`night`), so the page can say which round it is in both.
 */
const roundLink = (roomId: string, shoeId: string, number: number | undefined, seq: number) =>
  `/shoes/?table=${roomId}&shoe=${encodeURIComponent(shoeId)}` +
  (number === undefined ? '' : `&round=${number}&night=${seq}`);

/**
 * P8.11: the night in a few figures, all from the ledger export (so they add up with it): net
 * by player, the biggest win of one round, the longest run one player held the shoe (or the
 * bank), who dealt most, the biggest swing of a running net, and every round and shoe linked.
 */
export function recapOf(
  ledger: LedgerExport,
  rounds: readonly RecapRound[],
  seats: readonly SeatSpan[],
): Recap {
  const names = new Map(ledger.totals.map((t) => [t.playerId, t.name]));
  const who = (playerId: string) => ({ playerId, name: names.get(playerId) ?? playerId });
  const roomId = encodeURIComponent(ledger.roomId);
  const numberOf = new Map(rounds.map((r) => [r.id, r.number]));

  let biggestWin: Recap['biggestWin'] = null;
  const running = new Map<string, { now: number; high: number; low: number }>();
  for (const round of ledger.rounds) {
    for (const p of round.players) {
      if (p.net > 0 && (biggestWin === null || p.net > biggestWin.amount)) {
        biggestWin = { ...who(p.playerId), amount: p.net, roundId: round.roundId };
      }
      const r = running.get(p.playerId) ?? { now: 0, high: 0, low: 0 };
      r.now += p.net;
      r.high = Math.max(r.high, r.now);
      r.low = Math.min(r.low, r.now);
      running.set(p.playerId, r);
    }
  }
  let biggestSwing: Recap['biggestSwing'] = null;
  for (const [playerId, r] of running) {
    const amount = r.high - r.low;
    if (amount > 0 && (biggestSwing === null || amount > biggestSwing.amount)) {
      biggestSwing = { ...who(playerId), amount };
    }
  }

  const holderOf = (round: RecapRound) =>
    round.holderSeat === null
      ? null
      : (seats.find(
          (s) => s.seat === round.holderSeat && s.from <= round.openedAt && round.openedAt <= s.to,
        )?.playerId ?? null);
  const dealt = new Map<string, number>();
  let longestHold: Recap['longestHold'] = null;
  let streak = { playerId: null as string | null, shoeId: '', rounds: 0 };
  for (const round of [...rounds].sort((a, b) => a.seq - b.seq)) {
    const holder = holderOf(round);
    if (holder === null) {
      streak = { playerId: null, shoeId: round.shoeId, rounds: 0 };
      continue;
    }
    dealt.set(holder, (dealt.get(holder) ?? 0) + 1);
    const same = streak.playerId === holder && streak.shoeId === round.shoeId;
    streak = { playerId: holder, shoeId: round.shoeId, rounds: same ? streak.rounds + 1 : 1 };
    if (longestHold === null || streak.rounds > longestHold.rounds) {
      longestHold = { ...who(holder), rounds: streak.rounds };
    }
  }
  let mostDealt: Recap['mostDealt'] = null;
  for (const [playerId, count] of dealt) {
    if (mostDealt === null || count > mostDealt.rounds)
      mostDealt = { ...who(playerId), rounds: count };
  }

  const shoes = new Map<string, { number: number; rounds: number }>();
  for (const round of rounds) {
    const shoe = shoes.get(round.shoeId) ?? { number: round.shoeNumber, rounds: 0 };
    shoe.rounds += 1;
    shoes.set(round.shoeId, shoe);
  }
  const times = ledger.sessions.flatMap((s) => [
    Date.parse(s.joined),
    ...(s.left ? [Date.parse(s.left)] : []),
  ]);
  return {
    roomId: ledger.roomId,
    name: ledger.name,
    chips: ledger.chips,
    closed: ledger.closed,
    from: times.length ? Math.min(...times) : null,
    to: times.length ? Math.max(...times) : null,
    net: ledger.totals
      .map((t) => ({ ...who(t.playerId), net: t.net }))
      .sort((a, b) => b.net - a.net),
    biggestWin,
    longestHold,
    mostDealt,
    biggestSwing,
    rounds: ledger.rounds.map((r) => ({
      roundId: r.roundId,
      seq: r.seq,
      shoeId: r.shoeId,
      outcome: r.outcome,
      link: roundLink(roomId, r.shoeId, numberOf.get(r.roundId), r.seq),
    })),
    shoes: [...shoes].map(([shoeId, s]) => ({
      shoeId,
      number: s.number,
      rounds: s.rounds,
      verify: `/fairness/?shoe=${encodeURIComponent(shoeId)}&table=${roomId}`,
    })),
  };
}
