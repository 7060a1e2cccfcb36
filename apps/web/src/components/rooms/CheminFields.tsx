'use client';
import type { ReactNode } from 'react';
import {
  CAGNOTTE_CHOICES,
  CHOICE_WINDOW_SECONDS,
  DEFAULT_CHEMIN,
  type CheminForm,
  type FormField,
} from '../../rooms/room-form';
import { SecondsField } from './SecondsField';

export interface FieldHelpers {
  id: string;
  invalid: (field: FormField) => Record<string, unknown>;
  fieldError: (field: FormField) => ReactNode;
}

/** C1.2: what a Chemin de Fer room's host chooses beyond the deck count, in plain words. */
export function CheminFields({
  chemin,
  onChange,
  help,
}: {
  chemin: CheminForm;
  onChange: (next: CheminForm) => void;
  help: FieldHelpers;
}) {
  const { id, invalid, fieldError } = help;
  const set = <K extends keyof CheminForm>(key: K, value: CheminForm[K]) =>
    onChange({ ...chemin, [key]: value });
  const chips = (field: 'bankMin' | 'bankMax', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        data-field={field}
        type="number"
        inputMode="numeric"
        value={String(chemin[field])}
        onChange={(e) => set(field, Number(e.target.value))}
        {...invalid(field)}
      />
      {fieldError(field)}
    </div>
  );
  return (
    <>
      {chips('bankMin', 'Smallest bank')}
      {chips('bankMax', 'Largest bank')}
      <p className="field__hint field--wide">
        The banker puts up any bank between these; after a win it rides whole, up to the largest.
      </p>
      <div className="field">
        <label htmlFor={`${id}-cagnotte`}>The house’s share (cagnotte)</label>
        <select
          id={`${id}-cagnotte`}
          data-field="cagnotte"
          value={chemin.cagnottePercent}
          onChange={(e) => set('cagnottePercent', Number(e.target.value))}
          {...invalid('cagnotte')}
        >
          {CAGNOTTE_CHOICES.map((p) => (
            <option key={p} value={p}>
              {p === 0 ? 'None' : `${p} %`}
            </option>
          ))}
        </select>
        <p className="field__hint">
          A share of the banker’s winnings, rounded to 10 cents, taken only when the banker wins.
        </p>
        {fieldError('cagnotte')}
      </div>
      <SecondsField
        field="choices"
        label={{ field: 'Choices at the table', seconds: 'Seconds to choose' }}
        off="Play by the rule: the table makes every choice"
        seconds={chemin.choiceSeconds}
        timedDefault={DEFAULT_CHEMIN.choiceSeconds ?? CHOICE_WINDOW_SECONDS.default}
        onChange={(seconds) => set('choiceSeconds', seconds)}
        timedHint={
          <>
            Seconds for the punto on 5 and the banker at his two free cells,{' '}
            {CHOICE_WINDOW_SECONDS.min} to {CHOICE_WINDOW_SECONDS.max}; then the rule decides.
          </>
        }
        offHint="Nobody is asked: draw or stand goes by the table."
        help={help}
      />
    </>
  );
}
