import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorReply, errorReplySchema, type ErrorReply } from './errors.js';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a broken request line, headers
 * or URL too large, a malformed chunked body): answered in the `{ code, message }` shape every
 * other error has, on a raw socket because there is no request to reply to.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, body]: [number, ErrorReply] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, errorReply('HEADERS_TOO_LARGE', 'the request line or headers are too large')]
      : [400, errorReply('BAD_REQUEST', 'malformed HTTP request')];
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

/** Errors the router raises before any route or error handler: a bad URL, a too-long parameter. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, body]: [number, ErrorReply] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, errorReply('URI_TOO_LONG', 'a part of the path is longer than this server accepts')]
      : [400, errorReply('BAD_REQUEST', 'malformed URL')];
  void reply.code(status).send(body);
}

/**
 * A CORS preflight needs Origin and Access-Control-Request-Method; @fastify/cors would refuse one
 * without them in plain text, so it is refused here first, in the usual shape.
 */
export function refuseBadPreflight(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  if (
    request.method === 'OPTIONS' &&
    (!request.headers.origin || !request.headers['access-control-request-method'])
  ) {
    void reply
      .code(400)
      .send(
        errorReply(
          'BAD_REQUEST',
          'OPTIONS is a CORS preflight: it needs Origin and Access-Control-Request-Method',
        ),
      );
    return;
  }
  done();
}

/**
 * The rate limits' key. A request whose connection has already gone (e.g. a malformed chunked
 * body closed it) has no address left; it shares one bucket instead of crashing the plugin.
 */
export const rateLimitKey = (request: FastifyRequest): string =>
  request.ip ?? request.socket?.remoteAddress ?? 'gone';

/** Fastify reads a body only for these methods; on GET and HEAD a body is ignored. */
const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * P3.2: the refusals of a body before any route code runs (JSON that does not parse, an empty
 * JSON body, a `__proto__` key, too large, another content type). Every route that reads a body
 * answers them, so every such route documents them, and its reply is checked against
 * `{ code, message }` rather than whatever the route's own success or refusal looks like.
 */
const BODY_REFUSALS = [400, 413, 415] as const;

/** An onRoute hook: adds the body refusals to the response schema of every route with a body. */
export function documentBodyRefusals(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response || !methods.some((method) => BODY_METHODS.has(method))) return;
  for (const status of BODY_REFUSALS) response[status] ??= errorReplySchema;
}
