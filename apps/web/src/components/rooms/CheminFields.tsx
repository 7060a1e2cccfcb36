'use client';
import {
  CAGNOTTE_CHOICES,
  CHOICE_WINDOW_SECONDS,
  DEFAULT_CHEMIN,
  type CheminForm,
} from '../../rooms/room-form';
import { NumberField, SelectField, type FieldHelpers } from './fields';
import { SecondsField } from './SecondsField';

export type { FieldHelpers };

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
  const set = <K extends keyof CheminForm>(key: K, value: CheminForm[K]) =>
    onChange({ ...chemin, [key]: value });
  const chips = (field: 'bankMin' | 'bankMax', label: string) => (
    <NumberField
      field={field}
      label={label}
      value={chemin[field]}
      onChange={(value) => set(field, value)}
      help={help}
    />
  );
  return (
    <>
      {chips('bankMin', 'Smallest bank')}
      {chips('bankMax', 'Largest bank')}
      <p className="field__hint field--wide">
        The banker puts up any bank between these; after a win it rides whole, up to the largest.
      </p>
      <SelectField
        field="cagnotte"
        label="The house’s share (cagnotte)"
        value={chemin.cagnottePercent}
        choices={CAGNOTTE_CHOICES}
        words={(p) => (p === 0 ? 'None' : `${p} %`)}
        onChange={(p) => set('cagnottePercent', p)}
        hint="A share of the banker’s winnings, rounded to 10 cents, taken only when the banker wins."
        help={help}
      />
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
