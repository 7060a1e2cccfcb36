/**
 * The steps every coup reducer of a game whose hands may choose shares: the shoe checked and
 * opened for a coup, a card drawn into the coup's shoe, the story grown a line, the punto rule,
 * and the refusals of a call-off or a choice. Each game's reducer keeps its own phases and cites
 * its own rule ids (passed in here where a refusal names one), so this file names no game.
 */
import type { CardCode } from './cards.js';
import { err, ok, type Result } from './result.js';
import { dealCard, roundStatus, startRound, type ShoeState } from './shoe.js';
import type { RuleId } from './tableau.js';

/** A hand's two options where it may choose. */
export const DRAW_OPTIONS = ['draw', 'stand'] as const;
export type DrawOption = (typeof DRAW_OPTIONS)[number];

/** How a hand came to draw or stand: by the table, by a choice just made, or by the rule. */
export type DecidedBy = 'table' | 'choice' | 'rule';

/** An answer to the choice a coup waits on. */
export interface Answer {
  readonly option: DrawOption;
  readonly by: DecidedBy;
}

/**
 * The punto rule on a two-card total with no natural on the table: draw on 0–4, stand on 6–7,
 * null on 5, where the hand's holder chooses.
 */
export function puntoRule(total: number): DrawOption | null {
  return total <= 4 ? 'draw' : total >= 6 ? 'stand' : null;
}

/** A room's choice setting: every choice free, or every choice made by the rule at once. */
export function checkChoices(choices: unknown): Result<'free' | 'by-rule'> {
  if (choices === 'free' || choices === 'by-rule') return ok(choices);
  return err('INVALID_CHOICES', `choices are 'free' or 'by-rule', got ${String(choices)}`);
}

/** Whether the shoe may open a coup; `stopRule` is the game's rule for the stop card. */
export function checkShoeReady(shoe: ShoeState, stopRule: RuleId): Result<null> {
  switch (roundStatus(shoe)) {
    case 'burn-needed':
      return err('BURN_NEEDED', 'the shoe must be burned before the first coup (R10.3)');
    case 'in-round':
      return err('ROUND_IN_PROGRESS', 'the shoe is in the middle of a coup');
    case 'finished':
      return err('SHOE_FINISHED', `the stop card has ended this shoe (${stopRule})`);
    default:
      return ok(null);
  }
}

/** Where a coup's cards come from, and whether it is the shoe's last. */
export interface CoupShoe {
  readonly shoe: ShoeState;
  /** The stop card came out before or during this coup, so it is the shoe's last. */
  readonly lastCoup: boolean;
}

/** A coup starts on the shoe: from here on a card has left it and the coup is played out. */
export function startCoup(shoe: ShoeState): Result<CoupShoe> {
  const started = startRound(shoe);
  if (!started.ok) return started;
  return ok({
    shoe: started.value.state,
    lastCoup: started.value.lastRound || started.value.cutCardOut,
  });
}

/** The shoe's next card, with the coup's shoe moved on past it. */
export function drawCard<S extends CoupShoe>(state: S): Result<{ state: S; card: CardCode }> {
  const dealt = dealCard(state.shoe);
  if (!dealt.ok) return dealt;
  return ok({
    state: {
      ...state,
      shoe: dealt.value.state,
      lastCoup: state.lastCoup || dealt.value.cutCardOut,
    },
    card: dealt.value.card,
  });
}

/** The coup's story one line longer. */
export const withStep = <S extends { readonly story: readonly unknown[] }>(
  state: S,
  step: S['story'][number],
): S => ({ ...state, story: [...state.story, step] });

/** A call-off once a card is out: the coup is played out. */
export const COUP_DEALT = () =>
  err('COUP_DEALT', 'once a card has left the shoe the coup is played out');

/** A choice or a by-rule event while nobody is choosing. */
export const NO_CHOICE_PENDING = () => err('NO_CHOICE_PENDING', 'nobody has a choice to make now');

/** A player's choice, checked: theirs to make, and one of the two options. */
export function checkChoice<Seat>(chooser: Seat, seat: Seat, option: unknown): Result<Answer> {
  if (seat !== chooser) return err('NOT_YOUR_CHOICE', `the choice is seat ${String(chooser)}'s`);
  if (!DRAW_OPTIONS.includes(option as DrawOption)) {
    return err('INVALID_OPTION', `a choice is 'draw' or 'stand', got ${String(option)}`);
  }
  return ok({ option: option as DrawOption, by: 'choice' });
}

/** The events every coup with choices takes besides its game's own calls. */
export type ChoiceEvent<Seat> =
  /** Only a coup with no card out can be called off. */
  | { readonly type: 'call-off' }
  | { readonly type: 'choose'; readonly seat: Seat; readonly option: DrawOption }
  /** The choice window ran out, or the table is recovering: the pending choice goes by the rule. */
  | { readonly type: 'by-rule' };

/**
 * A coup's states over a game's own records: open for calls (under the game's own phase name),
 * waiting on the punto's or the banker's choice, settled, or ended with no card dealt, in which
 * case every stake goes back.
 */
export type ChoiceCoupState<
  Open,
  Dealt,
  Call,
  Settlement,
  OpenPhase extends string,
  PuntoChoice extends object = object,
> =
  | (Open & { readonly phase: OpenPhase; readonly calls: readonly Call[] })
  | (Dealt & { readonly phase: 'punto-choice' } & PuntoChoice)
  | (Dealt & { readonly phase: 'banker-choice' })
  | (Dealt & { readonly phase: 'settled'; readonly settlement: Settlement })
  | (Open & {
      readonly phase: 'not-dealt';
      readonly reason: 'uncovered' | 'called-off';
      readonly calls: readonly Call[];
    });

/** The first cards out, one to each hand in the game's dealing order. */
export function dealInOrder<S, Hand>(
  state: S,
  order: readonly Hand[],
  draw: (state: S, hand: Hand) => Result<S>,
): Result<S> {
  let dealt = state;
  for (const hand of order) {
    const drawn = draw(dealt, hand);
    if (!drawn.ok) return drawn;
    dealt = drawn.value;
  }
  return ok(dealt);
}
