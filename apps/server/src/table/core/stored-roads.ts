import { err, ok, type Outcome, type Result, type RoadResult } from '@banco/rules';

// R12.1, T9.1: a shoe's results, which its roads are built from, stored four characters a
// round instead of an object of five named fields (~90 bytes): a third of a save at 30 rounds
// was its roads. What is stored gives back every field exactly, so the restored roads are the
// ones the clients saw.

const OUTCOMES: Record<Outcome, string> = { player: 'p', banker: 'b', tie: 't' };
const OUTCOME_OF: Record<string, Outcome> = { p: 'player', b: 'banker', t: 'tie' };
const NO_TOTAL = '-';
/** A round's characters: outcome, pairs (bit 1 the player's, bit 2 the banker's), totals. */
const WIDTH = 4;

/** The encoding of each results list, once: a list grows by a new array once a round. */
const encoded = new WeakMap<readonly RoadResult[], string>();

export function storedRoads(results: readonly RoadResult[]): string {
  let text = encoded.get(results);
  if (text === undefined) {
    text = '';
    for (const r of results) {
      const pairs = (r.playerPair ? 1 : 0) + (r.bankerPair ? 2 : 0);
      text += `${OUTCOMES[r.outcome]}${pairs}${totalOf(r.playerTotal)}${totalOf(r.bankerTotal)}`;
    }
    encoded.set(results, text);
  }
  return text;
}

function totalOf(total: number | undefined): string {
  return total === undefined ? NO_TOTAL : String(total);
}

/** The results from their stored form; a list stored as objects (before this) as it was. */
export function restoredRoads(value: unknown): Result<readonly RoadResult[]> {
  if (value === undefined) return ok([]);
  if (Array.isArray(value)) return ok(value as RoadResult[]);
  if (typeof value !== 'string' || value.length % WIDTH !== 0) {
    return err('BAD_SHOE', 'the stored shoe’s results do not read back');
  }
  const results: RoadResult[] = [];
  for (let i = 0; i < value.length; i += WIDTH) {
    const outcome = OUTCOME_OF[value[i]!];
    const pairs = value.charCodeAt(i + 1) - 48;
    const player = readTotal(value[i + 2]!);
    const banker = readTotal(value[i + 3]!);
    if (!outcome || !(pairs >= 0 && pairs <= 3) || player === null || banker === null) {
      return err('BAD_SHOE', 'the stored shoe’s results do not read back');
    }
    const playerPair = (pairs & 1) === 1;
    const bankerPair = (pairs & 2) === 2;
    // Both totals, as every live result has them: the same shape, field for field.
    if (player !== undefined && banker !== undefined) {
      results.push({ outcome, playerPair, bankerPair, playerTotal: player, bankerTotal: banker });
    } else {
      results.push({
        outcome,
        playerPair,
        bankerPair,
        ...(player === undefined ? {} : { playerTotal: player }),
        ...(banker === undefined ? {} : { bankerTotal: banker }),
      });
    }
  }
  return ok(results);
}

/** A total 0–9, undefined for none, null for a character that is neither. */
function readTotal(c: string): number | undefined | null {
  if (c === NO_TOTAL) return undefined;
  const n = c.charCodeAt(0) - 48;
  return n >= 0 && n <= 9 ? n : null;
}
