import type { ClientFailureCode, ErrorCode } from '@banco/protocol';
import { BACCARA_BANQUE_REFUSAL_WORDS } from '@banco/protocol/baccara-banque-words';

/** Codes the table client makes itself, for answers that never came or could not be read. */
export type ClientCode = ClientFailureCode;
export type RefusalCode = ErrorCode | ClientCode;

/** Every refusal in the words a player would use; the code stays stable, the words are ours. */
const REFUSALS: Record<RefusalCode, string> = {
  PROTOCOL_MISMATCH: 'This page is out of date. Reload it to play.',
  UNAUTHORIZED: 'The table does not know you any more. Pick a name again.',
  ORIGIN_REFUSED: 'This address may not talk to the table.',
  TOO_MANY_CONNECTIONS: 'You have too many tabs open at this table. Close one and try again.',
  TABLE_CLOSING: 'The table is closing for a moment. It will be back where it stopped.',
  INVALID_PAYLOAD: 'The table could not read that request.',
  INVALID_TEXT: 'That text holds a character the table cannot keep. Remove it and try again.',
  PAYLOAD_TOO_LARGE: 'That request was too large.',
  RATE_LIMITED: 'Too many clicks at once. Wait a moment and try again.',
  UNKNOWN_COMMAND: 'The table does not know that request.',
  INTERNAL: 'Something went wrong at the table. Try again.',
  UNKNOWN_TABLE: 'There is no such table.',
  NOT_AT_TABLE: 'You are not at this table yet. Wait a moment.',
  SEAT_OUT_OF_RANGE: 'This table has no such seat.',
  SEAT_TAKEN: 'Someone just took that seat.',
  ALREADY_SEATED: 'You already have a seat here.',
  NOT_SEATED: 'Take a seat first.',
  NOT_YOUR_SEAT: 'That is not your seat.',
  WRONG_PHASE: 'Too late: that moment has passed.',
  STALE_ROUND: 'That round is over.',
  NOT_SHOE_HOLDER: 'Only the player holding the shoe can do that.',
  NOT_OFFERED: 'The shoe is not being offered to you.',
  NOT_TURNER: 'Someone else turns these cards.',
  ALREADY_CONTRIBUTED: 'You already added to this shoe’s seed.',
  SEEDING_FULL: 'This shoe has all the seed contributions it takes.',
  SPOT_DISABLED: 'This table does not take that bet.',
  UNDER_MIN: 'Below the table minimum for this spot.',
  OVER_MAX: 'Above the table maximum for this spot.',
  FRACTIONAL_CHIPS: 'Bets are in whole chips.',
  INSUFFICIENT_BALANCE: 'Not enough chips for that.',
  ALREADY_CONFIRMED: 'Your bets for this round are already in.',
  DUPLICATE_CONFIRM_ID: 'That bet was already sent with other stakes.',
  INVALID_CREDENTIALS: 'Wrong username or password.',
  USERNAME_TAKEN: 'That username is taken. Pick another.',
  ALREADY_CLAIMED: 'This account already has a username.',
  WEAK_PASSWORD: 'Pick a longer password: at least 10 characters, not your username.',
  SESSION_EXPIRED: 'You are logged out. Log in again to play.',
  INVALID_SETTING: 'One of those settings is not allowed.',
  INVITE_EXPIRED: 'That invite code has stopped working. Ask the host for a new one.',
  TOO_MANY_ROOMS: 'You have as many rooms open as you may. Close one first.',
  NOT_HOST: 'Only the host can do that.',
  ROOM_LOCKED: 'The host has locked this room: nobody new can sit down.',
  KICKED: 'The host has asked you to leave this room.',
  ROOM_CLOSED: 'This room is closed.',
  CHAT_EMPTY: 'Write something first.',
  CHAT_TOO_LONG: 'That message is too long for the chat.',
  CHAT_RATE_LIMITED: 'Slow down a little: you can write again in a moment.',
  CHAT_NOT_ALLOWED: 'Only seated players write in this chat. Take a seat to join in.',
  MUTED: 'The host has muted you in this room.',
  NOT_ROOM_MEMBER: 'That is only for the people who played in this room.',
  REQUEST_PENDING: 'You have already asked: the host has not answered yet.',
  NO_REQUEST: 'That request has already been answered or withdrawn.',
  APPROVAL_REQUIRED: 'The host seats players here: ask to sit instead.',
  NOT_NEEDED: 'No need to ask: a seat is free, take it.',
  WAITLIST_FULL: 'The waitlist is full. Try again when someone has been seated.',
  NOT_WAITING: 'You are not on the waitlist, or the seat offer has run out.',
  TOP_UP_ABOVE_RULE: 'That top-up is more than this room’s rules allow.',
  NOT_ROOM_CHIPS: 'This room plays with everyone’s own chips, not room chips.',
  SITTING_OUT: 'You are sitting out: press “I’m back” to play.',
  STACK_TOO_LOW: 'That would take the stack below zero.',
  NOT_YOUR_BANK: 'The bank is not yours to post, pass or decline.',
  BANK_OUT_OF_LIMITS: 'That bank is outside this room’s limits.',
  BANK_RIDES_WHOLE: 'After a win the whole bank rides: post all of it, or pass the bank.',
  CANNOT_PASS: 'Only a banker who has just won can pass the bank.',
  NO_PUNTERS: 'A bank needs at least one other player seated at the table.',
  SHOE_FINISHED: 'The stop card is out: this shoe has no more coups.',
  BANKER_CANNOT_COVER: 'You hold the bank: you cannot cover it yourself.',
  NOT_A_PUNTER: 'Only players seated at this bank can cover it.',
  ALREADY_CALLED: 'You have already made your call on this bank.',
  INVALID_STAKE: 'A stake is at least one chip and no more than the bank.',
  COVER_CLOSED: 'The bank is no longer open: the cards are out.',
  COUP_DEALT: 'A card has left the shoe: this coup is played out.',
  NO_CHOICE_PENDING: 'Nobody has a choice to make right now.',
  NOT_YOUR_CHOICE: 'This choice is not yours to make.',
  ...BACCARA_BANQUE_REFUSAL_WORDS,
  NO_ANSWER: 'The table did not answer. Check your connection and try again.',
  OFFLINE: 'You are offline. Waiting to reconnect…',
  UNREADABLE: 'The table’s answer could not be read. Reload the page if this goes on.',
};

export const refusalWords = (code: RefusalCode): string => REFUSALS[code];

export const isRefusalCode = (code: string): code is RefusalCode => Object.hasOwn(REFUSALS, code);

export type Side = 'player' | 'banker';
export type Outcome = Side | 'tie';

export const SIDE_NAMES: Record<Side, string> = { player: 'Player', banker: 'Banker' };

/** "Banker wins 7 to 4", "Tie at 6". */
export function resultSentence(outcome: Outcome, player: number, banker: number): string {
  if (outcome === 'tie') return `Tie at ${player}`;
  return outcome === 'banker'
    ? `Banker wins ${banker} to ${player}`
    : `Player wins ${player} to ${banker}`;
}

export interface WhyStep {
  hand: Side;
  action: 'draw' | 'stand';
  total: number;
  playerThirdValue?: number;
  rule: string;
}

/** One sentence of why a hand drew a third card or stood (R4–R7), in plain words. */
export function whySentence(step: WhyStep): string {
  const name = SIDE_NAMES[step.hand];
  if (step.rule === 'R4.1') return `${name} has ${step.total}, a natural: no more cards.`;
  if (step.rule === 'R4.2') return `A natural is on the table, so ${name} stands on ${step.total}.`;
  if (step.hand === 'player') {
    return step.action === 'draw'
      ? `Player has ${step.total}: on 0 to 5 Player draws a third card.`
      : `Player has ${step.total}: on 6 or 7 Player stands.`;
  }
  if (step.playerThirdValue === undefined) {
    return step.action === 'draw'
      ? `Player stood, so Banker draws on ${step.total} (0 to 5 draw).`
      : `Player stood, so Banker stands on ${step.total} (6 or 7 stand).`;
  }
  const verb = step.action === 'draw' ? 'draws' : 'stands';
  return `Banker has ${step.total} and Player’s third card counts ${step.playerThirdValue}, so Banker ${verb}.`;
}

export type HolderReason =
  'first-seat' | 'player-win' | 'accepted' | 'holder-left' | 'holder-away' | 'all-refused';

/** Why the shoe moved, as a dealer would say it. */
export function holderSentence(reason: HolderReason, who: string | null): string {
  switch (reason) {
    case 'first-seat':
      return `${who ?? 'The house'} takes the shoe: the first seat deals first.`;
    case 'player-win':
      return `Player won, so the shoe moves on to ${who ?? 'the house'}.`;
    case 'accepted':
      return `${who ?? 'The house'} accepts the shoe and deals.`;
    case 'holder-left':
      return `The holder left; the shoe goes to ${who ?? 'the house'}.`;
    case 'holder-away':
      return `The holder is away; the shoe goes to ${who ?? 'the house'}.`;
    case 'all-refused':
      return 'Everyone refused the shoe, so the house deals until Player wins.';
    default: {
      const unknown: never = reason;
      return String(unknown);
    }
  }
}

/** Untimed betting: who the round is still waiting for. */
export function waitingFor(undecided: number): string {
  if (undecided === 0) return 'Everyone has decided.';
  return undecided === 1
    ? 'Waiting for 1 player to decide.'
    : `Waiting for ${undecided} players to decide.`;
}
