import type { ReactNode } from 'react';
import type { FormField } from '../../rooms/room-form';

/** What every field of the room form shares: the form's id, and its errors by field. */
export interface FieldHelpers {
  id: string;
  invalid: (field: FormField) => Record<string, unknown>;
  fieldError: (field: FormField) => ReactNode;
}

/** The box a whole number is typed in, named by its field for errors and focus. */
export function NumberInput({
  field,
  value,
  onChange,
  help: { id, invalid },
}: {
  field: FormField;
  value: number;
  onChange: (value: number) => void;
  help: FieldHelpers;
}) {
  return (
    <input
      id={`${id}-${field}`}
      data-field={field}
      type="number"
      inputMode="numeric"
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      {...invalid(field)}
    />
  );
}

/** A whole number typed in: chips or seconds. */
export function NumberField({
  field,
  label,
  value,
  onChange,
  hint,
  help,
}: {
  field: FormField;
  label: string;
  value: number;
  onChange: (value: number) => void;
  hint?: ReactNode;
  help: FieldHelpers;
}) {
  return (
    <div className="field">
      <label htmlFor={`${help.id}-${field}`}>{label}</label>
      <NumberInput field={field} value={value} onChange={onChange} help={help} />
      {hint ? <p className="field__hint">{hint}</p> : null}
      {help.fieldError(field)}
    </div>
  );
}

/** One of a few choices, each said in words. */
export function SelectField<T extends string | number>({
  field,
  inputId = field,
  label,
  value,
  choices,
  words,
  onChange,
  hint,
  wide = false,
  help: { id, invalid, fieldError },
}: {
  field: FormField;
  /** The input's id within the form, where it is not the field's name. */
  inputId?: string;
  label: string;
  value: T;
  choices: readonly T[];
  words: (choice: T) => string;
  onChange: (value: T) => void;
  hint?: ReactNode;
  wide?: boolean;
  help: FieldHelpers;
}) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={`${id}-${inputId}`}>{label}</label>
      <select
        id={`${id}-${inputId}`}
        data-field={field}
        value={value}
        onChange={(e) => onChange(choices.find((c) => String(c) === e.target.value) ?? choices[0]!)}
        {...invalid(field)}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {words(choice)}
          </option>
        ))}
      </select>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {fieldError(field)}
    </div>
  );
}
