import { z } from 'zod';
import { chatMessageSchema } from './chat.js';
import {
  CHEMIN_UPDATES,
  cheminBalanceSchema,
  cheminCardsMessage,
  cheminDeFerViewSchema,
} from './chemin-de-fer-view.js';
import { EVENING_EVENTS, eveningYouMessage } from './evening.js';
import { layoutSchema, revealedHandSchema, traceStepSchema } from './hands.js';
import { actorSeatSchema } from './phase.js';
import {
  cardSchema,
  epochMsSchema,
  minorUnitsSchema,
  outcomeSchema,
  playerIdSchema,
  playerSchema,
  roundSeqSchema,
  seatSchema,
  seedContributionSchema,
  sideSchema,
  spotSchema,
  stakeSchema,
} from './primitives.js';
import { liveOddsSchema, roadsSchema } from './roads.js';
import { roomStateSchema } from './room.js';
import { tableSettingsSchema } from './settings.js';
import { shoeViewSchema } from './shoe.js';

/**
 * Table events, broadcast on the socket.io event `table.event` to everyone at the table. Each
 * carries the table's version, one more than the previous event's (P1.2).
 */
const base = { tableId: z.string(), version: z.number().int().positive(), at: epochMsSchema };
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ ...base, type: z.literal(type), ...shape });

const round = roundSeqSchema;

export const seatTakenEvent = event('seat.taken', {
  seat: seatSchema,
  player: playerSchema,
  balance: minorUnitsSchema,
});
export const seatLeftEvent = event('seat.left', {
  seat: seatSchema,
  playerId: playerIdSchema,
  /**
   * `left`: the player stood up; `hold-expired`: they were away for the whole hold (T1.6);
   * `kicked`: the host removed them (P9.2).
   */
  reason: z.enum(['left', 'hold-expired', 'kicked']),
});
/** T1.5: every connection of the seat's player dropped; the seat is held until `until`. */
export const seatAwayEvent = event('seat.away', {
  seat: seatSchema,
  playerId: playerIdSchema,
  until: epochMsSchema,
});
/** T1.7: the player is back within the hold, in the same seat. */
export const seatBackEvent = event('seat.back', { seat: seatSchema, playerId: playerIdSchema });

/**
 * T7.1, R11.1, R11.7: a new shoe's commitment, before any of its cards exist in play. Until
 * `seedingUntil` anyone at the table may send a contribution towards its client seed.
 */
export const shoeNewEvent = event('shoe.new', {
  shoeId: z.string(),
  number: z.number().int().positive(),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  decks: z.number().int().positive(),
  cut: z.number().int().positive(),
  lastHand: z.enum(['plus-one', 'finish-current']),
  seedingUntil: epochMsSchema,
});
export const seedContributedEvent = event('shoe.contribution', {
  playerId: playerIdSchema,
  seed: seedContributionSchema,
  /** Contributions so far, this one included. */
  count: z.number().int().positive(),
});
/** R11.7: the client seed is fixed and the shoe shuffled; the burn follows. */
export const shoeShuffledEvent = event('shoe.shuffled', {
  shoe: shoeViewSchema,
  contributions: z.array(seedContributionSchema),
});
export const shoeBurnedEvent = event('shoe.burned', {
  shown: cardSchema,
  burned: z.number().int().nonnegative(),
});
export const shoeHolderEvent = event('shoe.holder', {
  seat: seatSchema.nullable(),
  houseDeals: z.boolean(),
  reason: z.enum([
    'first-seat',
    'player-win',
    'accepted',
    'holder-left',
    'all-refused',
    'holder-away',
  ]),
});
export const shoeOfferedEvent = event('shoe.offered', {
  seat: seatSchema,
  from: seatSchema.nullable(),
});
export const shoeRefusedEvent = event('shoe.refused', { seat: seatSchema });
export const cutCardEvent = event('shoe.cut-card', {
  round,
  when: z.enum(['during-round', 'before-round']),
  lastRound: z.boolean(),
});
export const shoeEndedEvent = event('shoe.ended', {
  shoeId: z.string(),
  number: z.number().int().positive(),
  serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
  clientSeed: z.string(),
  commitment: z.string(),
  rounds: z.number().int().nonnegative(),
});

export const balanceRefilledEvent = event('balance.refilled', {
  seat: seatSchema,
  playerId: playerIdSchema,
  amount: minorUnitsSchema.positive(),
  balance: minorUnitsSchema,
});

export const bettingOpenedEvent = event('betting.opened', {
  round,
  shoeRound: z.number().int().positive(),
  /** Null for untimed betting: no countdown, no last call (P9.5). */
  closesAt: epochMsSchema.nullable(),
  lastBetsAt: epochMsSchema.nullable(),
});
export const lastBetsEvent = event('betting.last-call', { round, closesAt: epochMsSchema });
export const betsConfirmedEvent = event('bets.confirmed', {
  round,
  seat: seatSchema,
  bets: z.array(stakeSchema),
  balance: minorUnitsSchema,
});
export const noBetEvent = event('bets.none', { round, seat: seatSchema });
export const bettingClosedEvent = event('betting.closed', { round });

export const dealingEvent = event('dealing.started', {
  round,
  dealer: actorSeatSchema,
  deadline: epochMsSchema,
});
/** Four cards out face down: their faces are not in this event. */
export const cardsDealtEvent = event('cards.dealt', {
  round,
  by: actorSeatSchema,
  layout: layoutSchema,
});
export const turnStartedEvent = event('turn.started', {
  round,
  hand: sideSchema,
  stage: z.enum(['initial', 'third']),
  turner: actorSeatSchema,
  deadline: epochMsSchema,
  layout: layoutSchema,
});
export const cardsRevealedEvent = event('cards.revealed', {
  round,
  hand: sideSchema,
  by: actorSeatSchema,
  cards: z.array(cardSchema),
  total: z.number().int().min(0).max(9),
  layout: layoutSchema,
  /** Why this hand drew or stood, once that is decided (R5–R7). */
  why: traceStepSchema.optional(),
});

const collectedSchema = z.object({
  seat: seatSchema,
  playerId: playerIdSchema,
  spot: spotSchema,
  amount: minorUnitsSchema.positive(),
});
const paidSchema = z.object({
  seat: seatSchema,
  playerId: playerIdSchema,
  spot: spotSchema,
  stake: minorUnitsSchema.positive(),
  result: z.enum(['win', 'push']),
  /** Stake plus winnings (a push returns the stake). */
  returned: minorUnitsSchema.positive(),
  rule: z.string(),
});

export const settlementCollectedEvent = event('settlement.collected', {
  round,
  losers: z.array(collectedSchema),
  total: minorUnitsSchema.nonnegative(),
});
export const settlementPaidEvent = event('settlement.paid', {
  round,
  winners: z.array(paidSchema),
  balances: z.array(
    z.object({ seat: seatSchema, playerId: playerIdSchema, balance: minorUnitsSchema }),
  ),
});
export const roundResultEvent = event('round.result', {
  round,
  shoeRound: z.number().int().positive(),
  outcome: outcomeSchema,
  player: revealedHandSchema,
  banker: revealedHandSchema,
  trace: z.array(traceStepSchema),
  roads: roadsSchema,
  odds: liveOddsSchema.nullable(),
  /** P12.2: null at a self-paced table, which waits for `round.next` instead. */
  nextAt: epochMsSchema.nullable(),
});

/**
 * T9.2, T9.7, T9.8: a round ended without settlement; every confirmed stake went back to its
 * wallet (a REFUND transfer per bet). `balances` are the refunded players' wallets after it.
 */
export const roundVoidedEvent = event('round.voided', {
  round,
  /** `empty`: nobody was seated and nobody had bet when betting closed (T2.5). */
  reason: z.enum(['restart', 'shutdown', 'failure', 'empty']),
  refunds: z.array(z.object({ playerId: playerIdSchema, balance: minorUnitsSchema })),
});
/**
 * T9.7: the server is stopping. No command is taken from now on (TABLE_CLOSING); a round past
 * betting is finished by the house, one in betting is voided; then the socket is closed.
 * Reconnect later: the table resumes where it stopped (T9.1).
 */
export const tableClosingEvent = event('table.closing', {
  reason: z.enum(['shutdown']),
  message: z.string(),
});

/**
 * P9: the room's host controls changed. `settings` is set when the table's settings changed
 * with it (the host's next settings took effect with a new shoe).
 */
export const roomUpdatedEvent = event('room.updated', {
  room: roomStateSchema,
  settings: tableSettingsSchema.optional(),
});
/** P9.2: the host removed a player; their sockets then leave the table. */
export const playerKickedEvent = event('player.kicked', {
  playerId: playerIdSchema,
  seat: seatSchema.nullable(),
});
/** P9.7, P9.8: the room is closed: its round settled, its shoe ended and its seed published. */
export const roomClosedEvent = event('room.closed', { reason: z.enum(['host', 'idle']) });

/** P11.1: someone at the table wrote, or reacted. */
export const chatMessageEvent = event('chat.message', { message: chatMessageSchema });
/**
 * P1.9, T1.8: how many people watch the table without a seat changed; every page shows this
 * count, so they agree with each other and with the server.
 */
export const watchersEvent = event('table.watchers', {
  spectators: z.number().int().nonnegative(),
});

/**
 * C5.1: a Chemin de Fer table changed: the whole public view after it, what happened, and the
 * wallets that moved with it (a bank or a cover held, a settlement paid, a refund).
 */
export const cheminUpdatedEvent = event('chemin.updated', {
  what: z.enum(CHEMIN_UPDATES),
  seat: seatSchema.nullable(),
  view: cheminDeFerViewSchema,
  balances: z.array(cheminBalanceSchema),
});

export const tableEventSchema = z.discriminatedUnion('type', [
  seatTakenEvent,
  seatLeftEvent,
  seatAwayEvent,
  seatBackEvent,
  shoeNewEvent,
  seedContributedEvent,
  shoeShuffledEvent,
  shoeBurnedEvent,
  shoeHolderEvent,
  shoeOfferedEvent,
  shoeRefusedEvent,
  cutCardEvent,
  shoeEndedEvent,
  balanceRefilledEvent,
  bettingOpenedEvent,
  lastBetsEvent,
  betsConfirmedEvent,
  noBetEvent,
  bettingClosedEvent,
  dealingEvent,
  cardsDealtEvent,
  turnStartedEvent,
  cardsRevealedEvent,
  settlementCollectedEvent,
  settlementPaidEvent,
  roundResultEvent,
  roundVoidedEvent,
  tableClosingEvent,
  roomUpdatedEvent,
  playerKickedEvent,
  roomClosedEvent,
  chatMessageEvent,
  watchersEvent,
  cheminUpdatedEvent,
  ...EVENING_EVENTS,
]);
export type TableEvent = z.infer<typeof tableEventSchema>;
/** The table event of one `type`. */
export type EventOf<T extends TableEvent['type']> = Extract<TableEvent, { type: T }>;
export type TableEventType = TableEvent['type'];
/** An event before the table stamps it with its id, version and time. */
export type TableEventBody = TableEvent extends infer E
  ? E extends TableEvent
    ? Omit<E, 'tableId' | 'version' | 'at'>
    : never
  : never;

/**
 * Sent on `table.private` to one socket only: the card faces a turner may look at before the
 * table sees them (P1.5). Private messages carry no version; they never change table state.
 */
export const cardsPeekMessage = z.object({
  tableId: z.string(),
  type: z.literal('cards.peek'),
  round,
  hand: sideSchema,
  stage: z.enum(['initial', 'third']),
  cards: z.array(cardSchema),
  deadline: epochMsSchema,
});
export type CardsPeek = z.infer<typeof cardsPeekMessage>;

/** Everything `table.private` carries: a turner's peek (P1.5) or a seat's own cards (C5.3). */
export const tablePrivateMessage = z.discriminatedUnion('type', [
  cardsPeekMessage,
  cheminCardsMessage,
  eveningYouMessage,
]);
export type TablePrivate = z.infer<typeof tablePrivateMessage>;
