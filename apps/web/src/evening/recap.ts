import type { Ledger, LedgerRound } from './ledger';

/** One player's night, all their sessions added up (a player who left and came back is one). */
export interface PlayerNight {
  playerId: string;
  name: string;
  account: boolean;
  started: number;
  granted: number;
  wagered: number;
  net: number;
  ended: number;
  /** Rounds they had a stake in. */
  rounds: number;
}

export interface Figure {
  playerId: string;
  name: string;
  /** Chips (minor units) or rounds, as the figure says. */
  value: number;
  /** The round it happened in, where it is one round's. */
  round?: { seq: number; shoeId: string; number: number } | undefined;
}

export interface ShoeLine {
  shoeId: string;
  commitment: string;
  rounds: { seq: number; number: number; outcome: string }[];
}

export interface Recap {
  /** Best first; ties by name, so the same ledger always draws the same order. */
  players: PlayerNight[];
  biggestWin: Figure | null;
  longestHold: Figure | null;
  mostRounds: Figure | null;
  biggestSwing: Figure | null;
  shoes: ShoeLine[];
  rounds: number;
}

const byRound = (a: LedgerRound, b: LedgerRound) => a.seq - b.seq;

/**
 * The recap's figures, from the ledger alone: the page draws nothing the export does not hold,
 * so what a friend screenshots and what the CSV says are the same chips.
 */
export function recapOf(ledger: Ledger): Recap {
  const rounds = [...ledger.rounds].sort(byRound);
  const names = new Map<string, string>();
  const nights = new Map<string, PlayerNight>();
  for (const p of ledger.players) {
    names.set(p.playerId, p.name);
    const night = nights.get(p.playerId) ?? {
      playerId: p.playerId,
      name: p.name,
      account: p.account,
      started: 0,
      granted: 0,
      wagered: 0,
      net: 0,
      ended: 0,
      rounds: 0,
    };
    night.started += p.started;
    night.granted += p.granted;
    night.wagered += p.wagered;
    night.net += p.net;
    // The last session's end is what they left with.
    night.ended = p.ended;
    nights.set(p.playerId, night);
  }
  for (const r of rounds) {
    for (const s of r.stakes) {
      const night = nights.get(s.playerId);
      if (night && s.stake > 0) night.rounds += 1;
    }
  }
  const players = [...nights.values()].sort(
    (a, b) => b.net - a.net || a.name.localeCompare(b.name),
  );
  const nameOf = (id: string) => names.get(id) ?? 'A player';
  return {
    players,
    biggestWin: biggestWin(rounds, nameOf),
    longestHold: longestHold(rounds, nameOf),
    mostRounds: best(players.map((p) => ({ playerId: p.playerId, name: p.name, value: p.rounds }))),
    biggestSwing: biggestSwing(rounds, nameOf),
    shoes: shoesOf(rounds),
    rounds: rounds.length,
  };
}

/** The largest of some figures (the first named wins a tie); null when none is above zero. */
function best(figures: Figure[]): Figure | null {
  let top: Figure | null = null;
  for (const f of figures) if (f.value > 0 && (top === null || f.value > top.value)) top = f;
  return top;
}

function biggestWin(rounds: LedgerRound[], nameOf: (id: string) => string): Figure | null {
  return best(
    rounds.flatMap((r) =>
      r.stakes.map((s) => ({
        playerId: s.playerId,
        name: nameOf(s.playerId),
        value: s.net,
        round: { seq: r.seq, shoeId: r.shoeId, number: r.number },
      })),
    ),
  );
}

/** The most rounds in a row one player held the shoe (or the bank) within one shoe. */
function longestHold(rounds: LedgerRound[], nameOf: (id: string) => string): Figure | null {
  const runs: Figure[] = [];
  let run: { holder: string; shoeId: string; length: number } | null = null;
  for (const r of rounds) {
    const holder = r.holder ?? null;
    if (holder !== null && run && run.holder === holder && run.shoeId === r.shoeId) {
      run.length += 1;
    } else {
      run = holder === null ? null : { holder, shoeId: r.shoeId, length: 1 };
    }
    if (run) runs.push({ playerId: run.holder, name: nameOf(run.holder), value: run.length });
  }
  return best(runs);
}

/** The widest gap between a player's highest and lowest running net over the night. */
function biggestSwing(rounds: LedgerRound[], nameOf: (id: string) => string): Figure | null {
  const running = new Map<string, { net: number; high: number; low: number }>();
  for (const r of rounds) {
    for (const s of r.stakes) {
      const line = running.get(s.playerId) ?? { net: 0, high: 0, low: 0 };
      line.net += s.net;
      line.high = Math.max(line.high, line.net);
      line.low = Math.min(line.low, line.net);
      running.set(s.playerId, line);
    }
  }
  return best(
    [...running].map(([playerId, line]) => ({
      playerId,
      name: nameOf(playerId),
      value: line.high - line.low,
    })),
  );
}

function shoesOf(rounds: LedgerRound[]): ShoeLine[] {
  const shoes = new Map<string, ShoeLine>();
  for (const r of rounds) {
    const shoe = shoes.get(r.shoeId) ?? { shoeId: r.shoeId, commitment: r.commitment, rounds: [] };
    shoe.rounds.push({ seq: r.seq, number: r.number, outcome: r.outcome });
    shoes.set(r.shoeId, shoe);
  }
  return [...shoes.values()];
}
