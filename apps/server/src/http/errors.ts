import { ERROR_CODES, type ErrorCode } from '@banco/protocol';
import { z } from 'zod';

/**
 * Error codes of HTTP replies: the protocol's stable codes, plus those only HTTP needs (no
 * route, no such shoe, and the transport's own refusals: P3.1).
 */
export const HTTP_ERROR_CODES = [
  ...ERROR_CODES,
  'NOT_FOUND',
  'UNKNOWN_SHOE',
  'BAD_REQUEST',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** Every HTTP error reply. */
export const errorReplySchema = z
  .object({ code: z.enum(HTTP_ERROR_CODES), message: z.string() })
  .meta({ id: 'ErrorReply' });
export type ErrorReply = z.infer<typeof errorReplySchema>;

export function errorReply(code: HttpErrorCode | ErrorCode, message: string): ErrorReply {
  return { code, message };
}

/** Response schemas for the given error statuses, all `{ code, message }`. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorReplySchema } {
  return Object.fromEntries(statuses.map((s) => [s, errorReplySchema])) as {
    [K in S[number]]: typeof errorReplySchema;
  };
}
