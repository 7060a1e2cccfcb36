/**
 * T16.5–T16.7: one Baccara Banque coup's cards, as pure functions over the table's shoe (no
 * clock, no randomness, errors as values). Deal order right, left, banker, twice; naturals; the
 * tableaux by the punto rule (0–4 draw, 5 the holder's choice, 6–7 stand), then the banker's
 * free choice. Kept beside the server until the rules package's own module is merged (bb-rules).
 */
import {
  cardValue,
  closeRound,
  dealCard,
  err,
  handTotal,
  ok,
  startRound,
  type CardCode,
  type Result,
  type ShoeState,
} from '@banco/rules';

export const TABLEAUX = ['right', 'left'] as const;
export type Tableau = (typeof TABLEAUX)[number];
export type Hand = Tableau | 'banker';
export type DrawOption = 'draw' | 'stand';

/** What a tableau (or the banker) did after the deal: the coup's story, in order. */
export type CoupStep =
  | { readonly kind: 'natural'; readonly hand: Hand }
  | {
      readonly kind: 'draw' | 'stand';
      readonly hand: Hand;
      readonly by: 'rule' | 'choice' | 'default';
    };

export interface BanqueCards {
  readonly right: readonly CardCode[];
  readonly left: readonly CardCode[];
  readonly banker: readonly CardCode[];
}

export type CoupPhase =
  /** A tableau's holder decides on 5 (T16.6). */
  | { readonly kind: 'punto-choice'; readonly tableau: Tableau }
  /** The banker decides, having seen both third cards (T16.7). */
  | { readonly kind: 'banker-choice' }
  | { readonly kind: 'over' };

export interface DealtCoup {
  readonly shoe: ShoeState;
  readonly cards: BanqueCards;
  readonly phase: CoupPhase;
  /** A lone tableau natural, paid at once while the other plays on (T16.5). */
  readonly lonePaid: Tableau | null;
  /** The tableaux still playing against the banker's hand. */
  readonly live: readonly Tableau[];
  readonly story: readonly CoupStep[];
}

const natural = (cards: readonly CardCode[]) => cards.length === 2 && handTotal(cards) >= 8;

function take(shoe: ShoeState): Result<{ shoe: ShoeState; card: CardCode }> {
  const dealt = dealCard(shoe);
  return dealt.ok ? ok({ shoe: dealt.value.state, card: dealt.value.card }) : dealt;
}

/** T16.5: the six face-down cards, then every step no one has to choose. */
export function dealCoup(shoe: ShoeState): Result<DealtCoup> {
  const started = startRound(shoe);
  if (!started.ok) return started;
  let s = started.value.state;
  const hands: Record<Hand, CardCode[]> = { right: [], left: [], banker: [] };
  for (let round = 0; round < 2; round++) {
    for (const hand of ['right', 'left', 'banker'] as const) {
      const got = take(s);
      if (!got.ok) return got;
      s = got.value.shoe;
      hands[hand].push(got.value.card);
    }
  }
  const story: CoupStep[] = [];
  const naturals = TABLEAUX.filter((t) => natural(hands[t]));
  for (const hand of [...naturals, ...(natural(hands.banker) ? ['banker' as const] : [])]) {
    story.push({ kind: 'natural', hand });
  }
  const base = { shoe: s, cards: hands, story };
  // T16.5: the banker's natural, or both tableaux', ends the coup at once.
  if (natural(hands.banker) || naturals.length === 2) {
    return close({ ...base, phase: { kind: 'over' }, lonePaid: null, live: [...TABLEAUX] });
  }
  const lonePaid = naturals[0] ?? null;
  return advance({
    ...base,
    phase: { kind: 'over' },
    lonePaid,
    live: TABLEAUX.filter((t) => t !== lonePaid),
  });
}

/** The next tableau still to play its third card, or the banker. */
function advance(coup: DealtCoup): Result<DealtCoup> {
  let state = coup;
  for (const tableau of state.live) {
    if (state.story.some((s) => s.kind !== 'natural' && s.hand === tableau)) continue;
    const total = handTotal(state.cards[tableau]);
    if (total === 5) return ok({ ...state, phase: { kind: 'punto-choice', tableau } });
    const drawn = play(state, tableau, total <= 4 ? 'draw' : 'stand', 'rule');
    if (!drawn.ok) return drawn;
    state = drawn.value;
  }
  return ok({ ...state, phase: { kind: 'banker-choice' } });
}

function play(coup: DealtCoup, hand: Hand, option: DrawOption, by: 'rule' | 'choice' | 'default') {
  let { shoe, cards } = coup;
  if (option === 'draw') {
    const got = take(shoe);
    if (!got.ok) return got;
    shoe = got.value.shoe;
    cards = { ...cards, [hand]: [...cards[hand], got.value.card] };
  }
  return ok({ ...coup, shoe, cards, story: [...coup.story, { kind: option, hand, by }] });
}

function close(coup: DealtCoup): Result<DealtCoup> {
  const closed = closeRound(coup.shoe);
  return closed.ok ? ok({ ...coup, shoe: closed.value, phase: { kind: 'over' } }) : closed;
}

/** T16.6, T16.7: the pending choice made, by its holder or by the rule (`by: 'default'`). */
export function chooseCoup(
  coup: DealtCoup,
  hand: Hand,
  option: DrawOption,
  by: 'choice' | 'default' = 'choice',
): Result<DealtCoup> {
  const { phase } = coup;
  if (phase.kind === 'over') return err('NO_CHOICE_PENDING', 'nobody has a choice to make now');
  const pending = phase.kind === 'banker-choice' ? 'banker' : phase.tableau;
  if (pending !== hand) return err('NOT_YOUR_CHOICE', `the ${pending} chooses now`);
  const played = play(coup, hand, option, by);
  if (!played.ok) return played;
  return hand === 'banker' ? close(played.value) : advance(played.value);
}

/** The hand whose choice the coup waits on, if any. */
export function pendingHand(coup: DealtCoup): Hand | null {
  const { phase } = coup;
  return phase.kind === 'over' ? null : phase.kind === 'banker-choice' ? 'banker' : phase.tableau;
}

/** T16.6: a holder's 5 by the rule: draw, as Chemin de Fer's punto rule does (R16.4). */
export const PUNTO_RULE_OPTION: DrawOption = 'draw';

/** Each tableau's result against the banker, from the punters' side. */
export type TableauResult = 'win' | 'lose' | 'tie';

export function tableauResult(cards: BanqueCards, tableau: Tableau): TableauResult {
  const t = handTotal(cards[tableau]);
  const b = handTotal(cards.banker);
  return t > b ? 'win' : t < b ? 'lose' : 'tie';
}

/** The value of a tableau's third card, once face up (null: it stood or has not played). */
export function thirdValue(cards: BanqueCards, tableau: Tableau): number | null {
  const third = cards[tableau][2];
  return third ? cardValue(third) : null;
}
