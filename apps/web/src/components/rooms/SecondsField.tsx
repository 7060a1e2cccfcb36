import type { ReactNode } from 'react';
import type { FormField } from '../../rooms/room-form';
import { NumberInput, type FieldHelpers } from './fields';

/**
 * A window in seconds that can also be switched off: a box to tick for "no clock", else the
 * number, with a hint for each case.
 */
export function SecondsField({
  field,
  label,
  off,
  seconds,
  timedDefault,
  onChange,
  timedHint,
  offHint,
  help,
}: {
  field: FormField;
  /** The field's name, and what the screen reader calls the number. */
  label: { field: string; seconds: string; labelId?: string };
  /** What ticking the box means. */
  off: string;
  seconds: number | null;
  /** What the number comes back at when the box is unticked. */
  timedDefault: number;
  onChange: (seconds: number | null) => void;
  timedHint: ReactNode;
  offHint: ReactNode;
  help: FieldHelpers;
}) {
  return (
    <div className="field">
      <span className="field__label" id={label.labelId}>
        {label.field}
      </span>
      <label className="check">
        <input
          type="checkbox"
          checked={seconds === null}
          onChange={(e) => onChange(e.target.checked ? null : timedDefault)}
        />
        <span>{off}</span>
      </label>
      {seconds !== null ? (
        <>
          <label htmlFor={`${help.id}-${field}`} className="sr-only">
            {label.seconds}
          </label>
          <NumberInput field={field} value={seconds} onChange={onChange} help={help} />
          <p className="field__hint">{timedHint}</p>
        </>
      ) : (
        <p className="field__hint">{offHint}</p>
      )}
      {help.fieldError(field)}
    </div>
  );
}
