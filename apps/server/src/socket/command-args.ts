import { settingField, type AckError, type ErrorCode } from '@banco/protocol';
import type { z } from 'zod';

// What the gateway reads off a command before any table sees it: its acknowledgement, its size,
// and how a refusal of it is worded.

export type AckFn = (response: unknown) => void;

export function refusal(code: ErrorCode, message: string): AckError {
  return { ok: false, code, message };
}

/**
 * P9.3: a host's new settings that fail the room schema are refused like a new room's (P8.2):
 * INVALID_SETTING naming the setting, not a bare INVALID_PAYLOAD.
 */
export function invalidSetting(error: z.ZodError): AckError | null {
  const issue = error.issues.find((i) => i.path[0] === 'settings');
  if (!issue) return null;
  const field = settingField(issue);
  return { ok: false, code: 'INVALID_SETTING', message: `${field}: ${issue.message}`, field };
}

/** The JSON size of a payload in bytes; Infinity when it has no JSON form. */
export function payloadBytes(payload: unknown): number {
  try {
    const json = JSON.stringify(payload);
    return json === undefined ? 0 : Buffer.byteLength(json, 'utf8');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** socket.io passes the ack as the last argument when the client asked for one. */
export function splitArgs(args: unknown[]): { payload: unknown; ack: AckFn | undefined } {
  const last = args.at(-1);
  if (typeof last === 'function') {
    return { payload: args.length > 1 ? args[0] : undefined, ack: last as AckFn };
  }
  return { payload: args[0], ack: undefined };
}

/** The version up to which an ack itself brings the table's events (a snapshot, a resync). */
export function coveredBy(response: object): number {
  if ('snapshot' in response && response.snapshot) {
    return (response.snapshot as { version: number }).version;
  }
  if ('events' in response && response.events && 'version' in response) {
    return response.version as number;
  }
  return 0;
}
