import type { Result, RuleError } from '../result.js';

/** For tests: the value of a Result that must be ok, or a failure naming the error code. */
export function unwrap<T>(result: Result<T, RuleError>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
