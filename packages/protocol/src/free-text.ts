import { z } from 'zod';

/**
 * P3.3: the one intake of every free text a client sends that the server keeps or shows to
 * others (chat lines, names, room names, whatever comes next). What Postgres cannot store (a
 * lone UTF-16 surrogate, NUL) or no reader should receive (other control characters) is refused
 * with a stable code rather than cleaned up: a client that sent it hears why. Tabs and line
 * breaks are spacing, not controls: each field makes them one space.
 */

/** The code a text is refused with (P3.3). */
export const INVALID_TEXT = 'INVALID_TEXT' as const;

/** The metadata key that marks a free text in a schema and in the OpenAPI document. */
export const FREE_TEXT_META = 'x-free-text';

// C0 controls but tab, line feed, vertical tab, form feed and carriage return; DEL; C1.
const CONTROL = /(?![\t\n\v\f\r])\p{Cc}/u;
// With the u flag a paired surrogate is one code point (an emoji), never \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;

export type TextIntake =
  { ok: true; text: string } | { ok: false; code: typeof INVALID_TEXT; message: string };

/** P3.3: the text in Unicode NFC, or why it is refused. */
export function textIntake(raw: string): TextIntake {
  const surrogate = raw.search(LONE_SURROGATE);
  if (surrogate >= 0) {
    return refused(`a lone UTF-16 surrogate at position ${surrogate} is not a character`);
  }
  const control = raw.search(CONTROL);
  if (control >= 0) {
    const unit = raw.charCodeAt(control).toString(16).padStart(4, '0');
    return refused(`control character U+${unit.toUpperCase()} at position ${control}`);
  }
  return { ok: true, text: raw.normalize('NFC') };
}

function refused(why: string): TextIntake {
  return { ok: false, code: INVALID_TEXT, message: `the text cannot be taken: ${why}` };
}

/**
 * P3.3: the schema of a free-text field: at most `maxUnits` UTF-16 units as sent (a longer one
 * is not read: INVALID_PAYLOAD), then textIntake; a field's own shaping and limits follow it
 * (`.pipe(...)`). The server and the client parse with the same schema.
 */
export function freeText(maxUnits: number) {
  return z
    .string()
    .max(maxUnits)
    .transform((raw, ctx) => {
      const taken = textIntake(raw);
      if (taken.ok) return taken.text;
      ctx.addIssue({ code: 'custom', message: taken.message, params: { code: INVALID_TEXT } });
      return z.NEVER;
    })
    .meta({ [FREE_TEXT_META]: true });
}

/**
 * P3.3: the INVALID_TEXT refusal among a failed parse's issues, if any: a server answers it
 * with this code rather than INVALID_PAYLOAD. Takes zod's issues, or Fastify's validation
 * entries (which carry an issue's other fields under `params`); looks into a union's branches.
 */
export function textRefusal(
  issues: readonly Issue[],
): { code: typeof INVALID_TEXT; message: string } | null {
  const found = textIssue(issues);
  return found
    ? { code: INVALID_TEXT, message: found.message ?? 'the text cannot be taken' }
    : null;
}

interface Issue {
  message?: string;
  params?: unknown;
  errors?: unknown;
}

function textIssue(issues: readonly Issue[]): Issue | undefined {
  for (const issue of issues) {
    if (field(issue.params, 'code') === INVALID_TEXT) return issue;
    if (field(field(issue.params, 'params'), 'code') === INVALID_TEXT) return issue;
    const branches = issue.errors ?? field(issue.params, 'errors');
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = Array.isArray(branch) ? textIssue(branch as Issue[]) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
