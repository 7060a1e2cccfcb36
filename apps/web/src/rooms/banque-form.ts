/** A Baccara Banque room's own settings as its host fills them in: whole chips and seconds. */
import { CHOICE_WINDOW_SECONDS } from '@banco/protocol';

export { CHOICE_WINDOW_SECONDS };

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
}

export const DEFAULT_BANQUE: BanqueForm = {
  bankBy: 'auction',
  bankMin: 200,
  bankMax: 2_000,
  cagnottePercent: 1.25,
  choiceSeconds: 20,
  watchersCover: true,
};

export const BANQUE_DEFAULT_DECKS = 6;

const minor = (wholeChips: number): number => Math.round(wholeChips * 100);

/** The room kind's settings as the server reads them. */
export function banqueSettingsInput(decks: number, form: BanqueForm) {
  return {
    decks,
    bank: {
      by: form.bankBy,
      min: minor(form.bankMin),
      ...(decks === 3 ? { max: minor(form.bankMax) } : {}),
    },
    cagnottePercent: form.cagnottePercent,
    choices:
      form.choiceSeconds === null
        ? { mode: 'by-rule' as const }
        : { mode: 'window' as const, seconds: form.choiceSeconds },
    watchersCover: form.watchersCover,
  };
}
