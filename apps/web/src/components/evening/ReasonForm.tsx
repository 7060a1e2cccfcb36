'use client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

/**
 * A no, or a change, with its reason in words: the player sees exactly what the host wrote.
 * Opens focused on the reason; Escape steps back.
 */
export function ReasonForm({
  label,
  submit,
  onSubmit,
  onCancel,
}: {
  label: string;
  submit: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onSubmit(reason.trim());
  };
  return (
    <form
      className="evening__row"
      onSubmit={send}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <label htmlFor={`${id}-reason`}>{label}</label>
      <input
        id={`${id}-reason`}
        ref={input}
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
      />
      <button type="submit" className="danger small">
        {submit}
      </button>
      <button type="button" className="small" onClick={onCancel}>
        Keep it
      </button>
      {missing ? (
        <p className="field__error" id={`${id}-missing`}>
          Say why in a few words: they will read it.
        </p>
      ) : null}
    </form>
  );
}
