import {
  clientSeedFrom,
  commitmentOf,
  playShoe,
  type LastHandRule,
  type Outcome,
  type RoundResult,
} from '@banco/rules';

/** A revealed shoe as pasted or fetched: what the fair shuffle needs, and what to check. */
export interface RevealedShoe {
  serverSeed: string;
  /** Empty: made from the commitment and the contributions (R11.7). */
  clientSeed: string;
  /** The commitment the table published; empty when not known. */
  commitment: string;
  /** Null when not known; [] is a shoe with no contribution. */
  contributions: string[] | null;
  shoeNumber: number;
  decks: number;
  cut: number;
  lastHand: LastHandRule;
}

/** A round as the table recorded it (GET /api/shoes/:id, totals from the rounds' history). */
export interface RecordedRound {
  number: number;
  cards: string[];
  outcome: Outcome | null;
  voided: boolean;
  playerTotal?: number;
  bankerTotal?: number;
}

export interface Difference {
  /** Null for a difference in the seeds rather than a round. */
  round: number | null;
  what: string;
}

export interface RoundRow {
  number: number;
  replay: RoundResult | null;
  recorded: RecordedRound | null;
  /** Null when there is nothing recorded to compare with. */
  same: boolean | null;
}

export type ShoeCheck =
  | {
      ok: true;
      commitment: string;
      clientSeed: string;
      burnShown: string;
      burned: number;
      rows: RoundRow[];
      /** The first thing that does not match, in the order commit → seed → rounds. */
      difference: Difference | null;
      /** True when recorded rounds were given and every one of them matched. */
      compared: boolean;
    }
  | { ok: false; message: string };

const words = (cards: readonly string[]) => (cards.length === 0 ? 'no cards' : cards.join(' '));

/** Why a recorded round differs from the replay's, or null when they are the same. */
function roundDifference(replay: RoundResult | undefined, recorded: RecordedRound): string | null {
  if (!replay) return `the table recorded round ${recorded.number}, but the shoe has no such round`;
  const dealt = replay.dealt.join(' ');
  if (dealt !== recorded.cards.join(' ')) {
    return `the table recorded the cards ${words(recorded.cards)}; the shoe deals ${dealt}`;
  }
  if (!recorded.voided && recorded.outcome !== replay.outcome) {
    return `the table recorded a ${recorded.outcome ?? 'missing'} result; the cards give ${replay.outcome}`;
  }
  const totals = (p: number, b: number) => `Player ${p}, Banker ${b}`;
  if (
    recorded.playerTotal !== undefined &&
    recorded.bankerTotal !== undefined &&
    (recorded.playerTotal !== replay.player.total || recorded.bankerTotal !== replay.banker.total)
  ) {
    return `the table recorded ${totals(recorded.playerTotal, recorded.bankerTotal)}; the cards give ${totals(replay.player.total, replay.banker.total)}`;
  }
  return null;
}

/**
 * Re-runs a revealed shoe with @banco/rules, as the table did, and compares it round by round
 * with what the table recorded: the first difference, or none.
 */
export function checkShoe(
  shoe: RevealedShoe,
  recorded: readonly RecordedRound[] | null,
): ShoeCheck {
  const commitment = commitmentOf(shoe.serverSeed);
  let difference: Difference | null = null;
  const note = (d: Difference) => {
    difference ??= d;
  };
  if (shoe.commitment !== '' && shoe.commitment !== commitment) {
    note({
      round: null,
      what: `SHA-256 of the server seed is ${commitment}, not the commitment ${shoe.commitment}`,
    });
  }
  let clientSeed = shoe.clientSeed;
  if (shoe.contributions !== null) {
    const made = clientSeedFrom(shoe.commitment || commitment, shoe.contributions);
    if (!made.ok) return { ok: false, message: made.error.message };
    if (clientSeed === '') clientSeed = made.value;
    else if (clientSeed !== made.value) {
      note({
        round: null,
        what: `the commitment and contributions make the client seed ${made.value}, not ${clientSeed}`,
      });
    }
  }
  if (clientSeed === '') {
    return { ok: false, message: 'give the client seed, or the contributions it was made from' };
  }
  const played = playShoe({
    serverSeed: shoe.serverSeed,
    clientSeed,
    shoeNumber: shoe.shoeNumber,
    decks: shoe.decks,
    cut: shoe.cut,
    lastHand: shoe.lastHand,
  });
  if (!played.ok) return { ok: false, message: played.error.message };
  const replayed = played.value.rounds;
  const byNumber = new Map((recorded ?? []).map((r) => [r.number, r]));
  const rows: RoundRow[] = replayed.map((replay, i) => ({
    number: i + 1,
    replay,
    recorded: byNumber.get(i + 1) ?? null,
    same: null,
  }));
  for (const stored of recorded ?? []) {
    if (stored.number > replayed.length) {
      rows.push({ number: stored.number, replay: null, recorded: stored, same: false });
    }
  }
  rows.sort((a, b) => a.number - b.number);
  for (const row of rows) {
    const stored = row.recorded;
    // T9.6: a round voided before its deal took no card: nothing to compare.
    if (!stored || (stored.voided && stored.cards.length === 0)) continue;
    const why = roundDifference(row.replay ?? undefined, stored);
    row.same = why === null;
    if (why !== null) note({ round: row.number, what: why });
  }
  return {
    ok: true,
    commitment,
    clientSeed,
    burnShown: played.value.burn.shown,
    burned: played.value.burn.burned.length,
    rows,
    difference,
    compared: recorded !== null && recorded.length > 0,
  };
}
