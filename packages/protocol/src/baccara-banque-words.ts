// Apart from the schemas, with no import a bundle keeps, so a page that only shows refusals
// loads these words without zod or the rules (`@banco/protocol/baccara-banque-words`).
import type { BaccaraBanqueErrorCode } from './baccara-banque.js';

/** B3.2: each refusal in words a player would use; clients may show these as they are. */
export const BACCARA_BANQUE_REFUSAL_WORDS: Readonly<Record<BaccaraBanqueErrorCode, string>> = {
  BID_TOO_LOW: 'Your new bid must be higher than your last one.',
  MUST_PLAY_ONE_COUP: 'A banker plays at least one coup before he may retire.',
  BANK_NOT_DRY: 'Only a bank that has run below the room’s minimum can be topped up.',
  BANK_EMPTY: 'The bank is empty: top it up or retire.',
  STAKES_CLOSED: 'The stakes are closed: the cards are out.',
  BANKER_CANNOT_STAKE: 'You hold the bank: you cannot stake against it.',
  ALREADY_STAKED: 'You have already made your call on this coup.',
  BANCO_SEATED_ONLY: 'Only a player seated on a side may call banco.',
  WATCHERS_AFTER_SEATED:
    'Watchers cover what the seated leave: wait until every seated player has called.',
  INVALID_SPOT: 'A stake lies on the right tableau, the left one, or à cheval across both.',
};
