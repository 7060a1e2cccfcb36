/**
 * A Chemin de Fer shoe re-run on /fairness: the rules package re-deals it from the revealed
 * seeds and checks each coup the table recorded (R19, `replayCheminShoe`). The page adds what a
 * reader wants beside each coup: the choices its cards show were made at the choice cells (R16),
 * and whether they are the ones the table recorded.
 */
import {
  cardValue,
  cheminDeFer,
  commitmentOf,
  handTotal,
  isNatural,
  type CardCode,
  type Outcome,
} from '@banco/rules';
import type { RevealedShoe } from './replay';

type Cell = cheminDeFer.ChoiceCell;
type Option = cheminDeFer.DrawOption;
type Choice = { cell: Cell; option: Option };

/** One coup as the table recorded it. */
export interface RecordedCoup {
  number: number;
  /** The punto's cards, then the banker's, as the table records a coup; [] if never dealt. */
  cards: string[];
  /** Null when the coup was not dealt (uncovered or called off, R15.5). */
  outcome: Outcome | null;
  /**
   * The choices made at choice cells, in order (a cell missing here went by the rule); absent
   * when the table did not record them: then they are read from the cards the coup took.
   */
  choices?: Choice[];
}

export interface CoupRow {
  number: number;
  /** The cards the shoe deals for this coup, in dealing order. */
  cards: string[];
  /** The same cards by hand. */
  puntoCards: string[];
  bankerCards: string[];
  outcome: Outcome | null;
  punto: number | null;
  banker: number | null;
  /** Each choice cell met and what was done there. */
  choices: Choice[];
  same: boolean;
  why: string | null;
}

export type CheminShoeCheck =
  | { ok: true; commitment: string; burnShown: string; rows: CoupRow[]; difference: string | null }
  | { ok: false; message: string };

function inDealingOrder(punto: readonly CardCode[], banker: readonly CardCode[]): string[] {
  const order = [punto[0], banker[0], punto[1], banker[1], punto[2], banker[2]];
  return order.filter((c): c is CardCode => c !== undefined);
}

/** R16: the choice cells two hands met, and what their cards show was done at each. */
function choicesOf(punto: readonly CardCode[], banker: readonly CardCode[]): Choice[] {
  const puntoTwo = handTotal(punto.slice(0, 2));
  const bankerTwo = handTotal(banker.slice(0, 2));
  if (isNatural(puntoTwo) || isNatural(bankerTwo)) return [];
  const third = punto[2];
  const met: Choice[] = [];
  const atCell = (decision: cheminDeFer.Decision, drew: boolean) => {
    if (decision.kind === 'choice')
      met.push({ cell: decision.cell, option: drew ? 'draw' : 'stand' });
  };
  atCell(cheminDeFer.puntoDecision(puntoTwo), punto.length === 3);
  atCell(
    cheminDeFer.bankerDecision(bankerTwo, third === undefined ? null : cardValue(third)),
    banker.length === 3,
  );
  return met;
}

/** Where the choices the table recorded part from the ones its cards show, if they do. */
function choiceDifference(recorded: readonly Choice[], made: readonly Choice[]): string | null {
  const unmet = recorded.find((r) => !made.some((m) => m.cell === r.cell));
  if (unmet) return `the table recorded a choice ${unmet.cell} that this coup never reached`;
  const other = made.find(
    (m) =>
      (recorded.find((r) => r.cell === m.cell)?.option ?? cheminDeFer.RULE_OPTION[m.cell]) !==
      m.option,
  );
  return other
    ? `${other.cell}: the cards show a ${other.option}, the record says otherwise`
    : null;
}

function rowOf(coup: cheminDeFer.ReplayedCoup, record: RecordedCoup | undefined): CoupRow {
  const choices = choicesOf(coup.punto, coup.banker);
  const dealt = [...coup.punto, ...coup.banker].join(' ');
  const recordedCards = record?.cards.join(' ') ?? '';
  let why = coup.why;
  if (why !== null && recordedCards !== dealt) {
    why = `the table recorded the cards ${recordedCards || 'none'}; the shoe deals ${dealt || 'none'}`;
  } else if (why === null && record?.choices) {
    const off = choiceDifference(record.choices, choices);
    if (off) why = `the table recorded the cards ${recordedCards} with other choices (${off})`;
  }
  return {
    number: coup.number,
    cards: inDealingOrder(coup.punto, coup.banker),
    puntoCards: [...coup.punto],
    bankerCards: [...coup.banker],
    outcome: coup.outcome,
    punto: coup.punto.length > 0 ? handTotal(coup.punto) : null,
    banker: coup.banker.length > 0 ? handTotal(coup.banker) : null,
    choices,
    same: why === null,
    why,
  };
}

/** Re-runs the shoe from its seeds and every dealt coup from it; the first difference, if any. */
export function checkCheminShoe(
  shoe: RevealedShoe,
  recorded: readonly RecordedCoup[],
): CheminShoeCheck {
  const commitment = commitmentOf(shoe.serverSeed);
  const replay = cheminDeFer.replayCheminShoe(
    {
      serverSeed: shoe.serverSeed,
      clientSeed: shoe.clientSeed,
      shoeNumber: shoe.shoeNumber,
      decks: shoe.decks,
    },
    recorded,
  );
  if (!replay.ok) return { ok: false, message: replay.error.message };
  const byNumber = new Map(recorded.map((coup) => [coup.number, coup]));
  const rows = replay.value.coups.map((coup) => rowOf(coup, byNumber.get(coup.number)));
  const differing = rows.find((row) => !row.same);
  const difference =
    shoe.commitment !== '' && shoe.commitment !== commitment
      ? `SHA-256 of the server seed is ${commitment}, not the commitment ${shoe.commitment}`
      : differing
        ? `coup ${differing.number}: ${differing.why ?? 'differs'}`
        : null;
  return { ok: true, commitment, burnShown: replay.value.burn.shown, rows, difference };
}
