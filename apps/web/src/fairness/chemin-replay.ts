/**
 * A Chemin de Fer shoe re-run on /fairness: the order comes from the revealed seeds exactly as
 * for Punto Banco (R11, with R14.1/R14.2's shoe), and each coup is played again from that order
 * by the rules package's own reducer, with the choices the table recorded at the choice cells
 * (R16). A coup's cards, its result and the choices it shows must all be the table's.
 */
import {
  burnShoe,
  cardValue,
  cheminDeFer,
  commitmentOf,
  err,
  handTotal,
  ok,
  type Result,
  type CardCode,
  type Outcome,
} from '@banco/rules';
import type { RevealedShoe } from './replay';

type Cell = cheminDeFer.ChoiceCell;
type Option = cheminDeFer.DrawOption;

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
  choices?: { cell: Cell; option: Option }[];
}

export interface CoupRow {
  number: number;
  /** The cards the shoe deals for this coup with its recorded choices, in dealing order. */
  cards: string[];
  /** The same cards by hand. */
  puntoCards: string[];
  bankerCards: string[];
  outcome: Outcome | null;
  punto: number | null;
  banker: number | null;
  /** Each choice cell met and what was done there. */
  choices: { cell: Cell; option: Option }[];
  same: boolean;
  why: string | null;
}

export type CheminShoeCheck =
  | { ok: true; commitment: string; burnShown: string; rows: CoupRow[]; difference: string | null }
  | { ok: false; message: string };

// Any room's rules deal the same cards: the bank and its cover never change a draw.
const REPLAY_RULES: cheminDeFer.CoupRules = {
  cagnottePercent: 0,
  choices: 'free',
  limits: { min: 100, max: 100 },
};
const SEATS = [1, 2];

function inDealingOrder(punto: readonly CardCode[], banker: readonly CardCode[]): string[] {
  const order = [punto[0], banker[0], punto[1], banker[1], punto[2], banker[2]];
  return order.filter((c): c is CardCode => c !== undefined);
}

function cellOf(state: cheminDeFer.CoupState): Cell | null {
  if (state.phase === 'punto-choice') return 'punto-5';
  if (state.phase !== 'banker-choice') return null;
  const third = state.punto[2];
  const decision = cheminDeFer.bankerDecision(
    handTotal(state.bankerCards),
    third === undefined ? null : cardValue(third),
  );
  return decision.kind === 'choice' ? decision.cell : null;
}

/** Re-runs the shoe from its seeds and every dealt coup from it; the first difference, if any. */
export function checkCheminShoe(
  shoe: RevealedShoe,
  recorded: readonly RecordedCoup[],
): CheminShoeCheck {
  const commitment = commitmentOf(shoe.serverSeed);
  let difference: string | null =
    shoe.commitment !== '' && shoe.commitment !== commitment
      ? `SHA-256 of the server seed is ${commitment}, not the commitment ${shoe.commitment}`
      : null;
  const created = cheminDeFer.createCheminDeFerShoe({
    serverSeed: shoe.serverSeed,
    clientSeed: shoe.clientSeed,
    shoeNumber: shoe.shoeNumber,
    decks: shoe.decks,
  });
  if (!created.ok) return { ok: false, message: created.error.message };
  const burned = burnShoe(created.value);
  if (!burned.ok) return { ok: false, message: burned.error.message };
  let state = burned.value.state;
  const rows: CoupRow[] = [];
  for (const coup of [...recorded].sort((a, b) => a.number - b.number)) {
    // R15.5: a coup nobody covered, or called off, took no card.
    if (coup.outcome === null && coup.cards.length === 0) continue;
    const played = replayCoup(state, coup);
    if (!played.ok) return { ok: false, message: `coup ${coup.number}: ${played.message}` };
    state = played.shoe;
    rows.push(played.row);
    if (!played.row.same && difference === null) {
      difference = `coup ${coup.number}: ${played.row.why ?? 'differs'}`;
    }
  }
  return { ok: true, commitment, burnShown: burned.value.shown, rows, difference };
}

type Replayed =
  { ok: true; shoe: cheminDeFer.CoupState['shoe']; row: CoupRow } | { ok: false; message: string };

/** What each choice cell met is answered with, in order: an option, or the rule's. */
type Pick = (cell: Cell, index: number) => Option | 'rule';

interface Play {
  end: cheminDeFer.CoupState;
  choices: CoupRow['choices'];
}

function play(shoe: cheminDeFer.CoupState['shoe'], pick: Pick): Result<Play> {
  const posted = cheminDeFer.postBank({
    rules: REPLAY_RULES,
    shoe,
    offer: cheminDeFer.openBank(SEATS),
    seats: SEATS,
    banker: 1,
    bank: 100,
    bancoSuivi: null,
  });
  if (!posted.ok) return posted;
  const called = cheminDeFer.stepCoup(posted.value, {
    type: 'call',
    seat: 2,
    call: { kind: 'banco' },
  });
  if (!called.ok) return called;
  let step = cheminDeFer.stepCoup(called.value, { type: 'close-cover' });
  const choices: CoupRow['choices'] = [];
  while (step.ok && (step.value.phase === 'punto-choice' || step.value.phase === 'banker-choice')) {
    const state = step.value;
    const cell = cellOf(state);
    if (cell === null) return err('NO_CELL', 'a coup waited on a choice outside the choice cells');
    const option = pick(cell, choices.length);
    const chooser = state.phase === 'punto-choice' ? 2 : 1;
    step =
      option === 'rule'
        ? cheminDeFer.stepCoup(state, { type: 'by-rule' })
        : cheminDeFer.stepCoup(state, { type: 'choose', seat: chooser, option });
    if (step.ok && step.value.phase !== 'covering' && step.value.phase !== 'not-dealt') {
      // The step of this cell, not the last one: a forced draw may follow it at once.
      const done = step.value.story.find(
        (s) => (s.kind === 'draw' || s.kind === 'stand') && s.cell === cell,
      );
      if (done && (done.kind === 'draw' || done.kind === 'stand'))
        choices.push({ cell, option: done.kind });
    }
  }
  if (!step.ok) return step;
  return ok({ end: step.value, choices });
}

const flat = (state: cheminDeFer.CoupState) =>
  state.phase === 'covering' || state.phase === 'not-dealt'
    ? ''
    : [...state.punto, ...state.bankerCards].join(' ');

/**
 * The coup as its recorded choices play it; with none recorded, the one way of answering its
 * choice cells (at most two, so four ways) that deals the cards the table recorded, if any.
 */
function replayCoup(shoe: cheminDeFer.CoupState['shoe'], coup: RecordedCoup): Replayed {
  let played: Result<Play>;
  let asked: RecordedCoup['choices'] = [];
  if (coup.choices) {
    const queue = [...coup.choices];
    asked = queue;
    played = play(shoe, (cell) => (queue[0]?.cell === cell ? queue.shift()!.option : 'rule'));
  } else {
    const ways = [0, 1, 2, 3].map((bits) =>
      play(shoe, (_cell, i) => ((bits >> i) & 1 ? 'stand' : 'draw')),
    );
    played =
      ways.find((w) => w.ok && flat(w.value.end) === coup.cards.join(' ')) ??
      play(shoe, () => 'rule');
  }
  if (!played.ok) return { ok: false, message: played.error.message };
  const { end, choices } = played.value;
  if (end.phase !== 'settled') return { ok: false, message: `the coup ended ${end.phase}` };
  const cards = inDealingOrder(end.punto, end.bankerCards);
  const outcome = end.settlement.outcome;
  const punto = handTotal(end.punto);
  const banker = handTotal(end.bankerCards);
  let why: string | null = null;
  const dealt = flat(end);
  if (coup.cards.join(' ') !== dealt) {
    why = `the table recorded the cards ${coup.cards.join(' ') || 'none'}; the shoe deals ${dealt}`;
  } else if (coup.outcome !== outcome) {
    why = `the table recorded a ${coup.outcome ?? 'missing'} result; the cards give ${outcome}`;
  } else if (asked.length > 0) {
    why = `the table recorded a choice ${asked[0]!.cell} that this coup never reached`;
  }
  return {
    ok: true,
    shoe: end.shoe,
    row: {
      number: coup.number,
      cards,
      puntoCards: [...end.punto],
      bankerCards: [...end.bankerCards],
      outcome,
      punto,
      banker,
      choices,
      same: why === null,
      why,
    },
  };
}
