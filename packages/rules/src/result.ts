/** Rules never throw for bad input: they hand the error back as a value the caller must look at. */
export type Result<T, E extends RuleError = RuleError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export interface RuleError {
  /** Stable, machine-readable; clients switch on it. */
  readonly code: string;
  readonly message: string;
}

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const err = <C extends string>(code: C, message: string) =>
  ({ ok: false, error: { code, message } }) as const;
