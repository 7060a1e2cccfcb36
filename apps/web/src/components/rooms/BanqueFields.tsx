'use client';
import {
  BANQUE_CAGNOTTE_CHOICES,
  BIDDING_WINDOW_SECONDS,
  BANQUE_DECKS,
  CHOICE_WINDOW_SECONDS,
  DEFAULT_BANQUE,
  type BanqueForm,
} from '../../rooms/banque-form';
import { NumberField, SelectField, type FieldHelpers } from './fields';
import { SecondsField } from './SecondsField';

const DECK_WORDS: Record<(typeof BANQUE_DECKS)[number], { name: string; detail: string }> = {
  3: { name: '3 decks: a limited bank', detail: 'The bank stays between the limits below.' },
  6: { name: '6 decks: an open bank', detail: 'Any bank from the smallest up; no largest.' },
};

/** What a Baccara Banque room's host chooses, in plain words. */
export function BanqueFields({
  banque,
  decks,
  onDecks,
  onChange,
  help,
}: {
  banque: BanqueForm;
  decks: number;
  onDecks: (decks: number) => void;
  onChange: (next: BanqueForm) => void;
  help: FieldHelpers;
}) {
  const set = <K extends keyof BanqueForm>(key: K, value: BanqueForm[K]) =>
    onChange({ ...banque, [key]: value });
  const limited = decks === 3;
  return (
    <>
      <fieldset className="field field--wide choice" data-testid="banque-decks">
        <legend>The shoe</legend>
        {BANQUE_DECKS.map((n) => (
          <label key={n} className="choice__option">
            <input
              type="radio"
              name={`${help.id}-banque-decks`}
              data-field={n === decks ? 'decks' : undefined}
              checked={decks === n}
              onChange={() => onDecks(n)}
            />
            <span className="choice__text">
              <strong>{DECK_WORDS[n].name}</strong>
              <span>{DECK_WORDS[n].detail}</span>
            </span>
          </label>
        ))}
        {help.fieldError('decks')}
      </fieldset>
      <fieldset className="field field--wide choice" data-testid="banque-bank-by">
        <legend>Who holds the bank</legend>
        {(
          [
            [
              'auction',
              'By auction',
              'Before the shoe, each seat may bid; the highest bid is the bank (the first of equal bids wins).',
            ],
            [
              'list',
              'By the list',
              'Seat order, one shoe each; the one whose turn it is says how much they put up.',
            ],
          ] as const
        ).map(([by, name, detail]) => (
          <label key={by} className="choice__option">
            <input
              type="radio"
              name={`${help.id}-bank-by`}
              data-field={by === banque.bankBy ? 'bankBy' : undefined}
              checked={banque.bankBy === by}
              onChange={() => set('bankBy', by)}
            />
            <span className="choice__text">
              <strong>{name}</strong>
              <span>{detail}</span>
            </span>
          </label>
        ))}
        {help.fieldError('bankBy')}
      </fieldset>
      {banque.bankBy === 'auction' ? (
        <NumberField
          field="bidding"
          label="Seconds for the auction"
          value={banque.biddingSeconds}
          onChange={(v) => set('biddingSeconds', v)}
          hint={`${BIDDING_WINDOW_SECONDS.min} to ${BIDDING_WINDOW_SECONDS.max}.`}
          help={help}
        />
      ) : null}
      <NumberField
        field="bankMin"
        label="Smallest bank"
        value={banque.bankMin}
        onChange={(v) => set('bankMin', v)}
        hint="Also what an empty bank is topped up to."
        help={help}
      />
      {limited ? (
        <NumberField
          field="bankMax"
          label="Largest bank"
          value={banque.bankMax}
          onChange={(v) => set('bankMax', v)}
          help={help}
        />
      ) : null}
      <SelectField
        field="cagnotte"
        label="The house’s share (cagnotte)"
        value={banque.cagnottePercent}
        choices={BANQUE_CAGNOTTE_CHOICES}
        words={(p) => (p === 0 ? 'None' : `${p} %`)}
        onChange={(p) => set('cagnottePercent', p)}
        hint="Of the banker’s winnings each coup, on the net of the two tableaux, rounded down to 10 cents."
        help={help}
      />
      <SecondsField
        field="choices"
        label={{ field: 'Choices at the table', seconds: 'Seconds to choose' }}
        off="Play by the rule: the table makes every choice"
        seconds={banque.choiceSeconds}
        timedDefault={DEFAULT_BANQUE.choiceSeconds ?? CHOICE_WINDOW_SECONDS.default}
        onChange={(seconds) => set('choiceSeconds', seconds)}
        timedHint={
          <>
            Seconds for a side’s holder on 5 and for the banker, {CHOICE_WINDOW_SECONDS.min} to{' '}
            {CHOICE_WINDOW_SECONDS.max}. Then the rule decides: the holder draws on 5, the banker
            takes the option worth more to him.
          </>
        }
        offHint="Nobody is asked: the holder draws on 5, the banker takes the option worth more."
        help={help}
      />
      <div className="field">
        <span className="field__label">Watchers</span>
        <label className="check">
          <input
            type="checkbox"
            data-field="watchersCover"
            checked={banque.watchersCover}
            onChange={(e) => set('watchersCover', e.target.checked)}
          />
          <span>Watchers may cover what the seated leave</span>
        </label>
        {help.fieldError('watchersCover')}
      </div>
    </>
  );
}
