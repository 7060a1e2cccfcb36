/** A Baccara Banque room's own settings as its host fills them in: whole chips and seconds. */
import { BIDDING_WINDOW_SECONDS, CHOICE_WINDOW_SECONDS } from '@banco/protocol';

export { BIDDING_WINDOW_SECONDS, CHOICE_WINDOW_SECONDS };

/** A limited bank is dealt from 3 decks, an open bank from 6. */
export const BANQUE_DECKS = [3, 6] as const;

/** 0 to 2 %: the regulation's 2 % (limited bank) and 1.25 % (open bank) among them. */
export const BANQUE_CAGNOTTE_CHOICES: readonly number[] = [0, 0.5, 1, 1.25, 1.5, 2];

export interface BanqueForm {
  bankBy: 'auction' | 'list';
  bankMin: number;
  /** Read only with a limited bank (3 decks). */
  bankMax: number;
  cagnottePercent: number;
  /** Null: "play by the rule", the table makes every choice. */
  choiceSeconds: number | null;
  watchersCover: boolean;
  /** How long the auction of the bank stays open. */
  biddingSeconds: number;
}

export const DEFAULT_BANQUE: BanqueForm = {
  bankBy: 'auction',
  bankMin: 200,
  bankMax: 2_000,
  cagnottePercent: 1.25,
  choiceSeconds: 20,
  watchersCover: true,
  biddingSeconds: BIDDING_WINDOW_SECONDS.default,
};

export const BANQUE_DEFAULT_DECKS = 6;

const minor = (wholeChips: number): number => Math.round(wholeChips * 100);

/** The room kind's settings as the server reads them (B1.2). */
export function banqueSettingsInput(decks: number, form: BanqueForm) {
  return {
    decks: decks === 3 ? (3 as const) : (6 as const),
    award: form.bankBy,
    // An open bank (6 decks) has no largest bank.
    bank: { min: minor(form.bankMin), max: decks === 3 ? minor(form.bankMax) : null },
    cagnotteBp: Math.round(form.cagnottePercent * 100),
    choices:
      form.choiceSeconds === null
        ? { mode: 'by-rule' as const }
        : { mode: 'window' as const, seconds: form.choiceSeconds },
    biddingSeconds: form.biddingSeconds,
    watchersMayCover: form.watchersCover,
  };
}
