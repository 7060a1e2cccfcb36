import { payoutLabel } from '../bets/spots';
import { isRefusalCode, refusalWords } from './words';

/**
 * Words for the lobby's room and account screens. Kept apart from words.ts, which the table
 * page loads first: these only load with the screens that say them.
 */
export type RuleSetName = 'standard' | 'no-commission' | 'even-money';

/** What a Banker win pays under a rule set, as the rules package prints it (R9.4, R9.7, R9.8). */
const bankerPays = (commission: RuleSetName) =>
  payoutLabel('banker', { commission, tiePays: 8, sideBets: [] });

/** The three Banker rule sets, as a host choosing one would want them explained. */
export const RULE_SET_WORDS: Record<RuleSetName, { name: string; detail: string }> = {
  standard: {
    name: 'Standard',
    detail: `A Banker win ${bankerPays('standard')} (the house keeps 5%).`,
  },
  'no-commission': {
    name: 'No commission',
    detail: `A Banker win ${bankerPays('no-commission')}.`,
  },
  'even-money': { name: 'Even money', detail: `A Banker win always ${bankerPays('even-money')}.` },
};

export const LAST_HAND_WORDS: Record<'plus-one' | 'finish-current', string> = {
  'plus-one': 'Play one more round after the cut card',
  'finish-current': 'End the shoe with the round the cut card comes out in',
};

/** A house edge as a newcomer reads it: "1.06%", or "−1.24% (in your favour)" below zero. */
export function edgeText(edge: number): string {
  const text = `${(Math.abs(edge) * 100).toFixed(2)}%`;
  return edge < 0 ? `−${text} (in your favour)` : text;
}

/** "Works for 60 more minutes." */
export function inviteWords(expiresAt: number, now: number): string {
  const minutes = Math.max(0, Math.round((expiresAt - now) / 60_000));
  return minutes === 0 ? 'It has stopped working.' : `Works for ${minutes} more minutes.`;
}

/** Account refusals: a form's own words where the table's would not fit, else the table's. */
export function accountRefusal(code: string): string {
  switch (code) {
    case 'INVALID_PAYLOAD':
      return 'A username has 3 to 20 letters, digits or _; a password at least 10 characters.';
    case 'RATE_LIMITED':
      return 'Too many tries. Wait a few minutes and try again.';
    case 'UNAUTHORIZED':
      return refusalWords('SESSION_EXPIRED');
    case 'OFFLINE':
      return 'The table server cannot be reached. Is it running?';
    default:
      return isRefusalCode(code) ? refusalWords(code) : 'That did not work. Try again in a moment.';
  }
}

export function inviteRefusal(code: string): string {
  switch (code) {
    case 'UNKNOWN_TABLE':
      return 'No room has that code. Check it with your host.';
    case 'INVITE_EXPIRED':
      return 'That code has stopped working. Ask your host for a new one.';
    case 'RATE_LIMITED':
      return 'Too many tries. Wait a minute and try again.';
    case 'OFFLINE':
      return 'The table server cannot be reached. Is it running?';
    default:
      return 'That code did not work. Try again in a moment.';
  }
}
