import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReplySchema } from './errors.js';
import { guestToken, httpAppWithRooms, realLedger, type RealLedger } from './test-support.js';

/**
 * P3.2: bodies a fuzzer found answered 500 (the body parser's error did not fit the route's
 * error schema), and their kin. Every route of the OpenAPI document gets each of them, with and
 * without a token, so a route added later is covered without editing this file.
 */
const DEEP = 3_000;
const BAD_BODIES: readonly { name: string; contentType: string; payload: string }[] = [
  { name: 'truncated JSON', contentType: 'application/json', payload: '{"name":' },
  { name: 'empty JSON body', contentType: 'application/json', payload: '' },
  { name: 'deep nesting, unclosed', contentType: 'application/json', payload: '['.repeat(DEEP) },
  {
    name: 'deep nesting, closed',
    contentType: 'application/json',
    payload: '['.repeat(DEEP) + ']'.repeat(DEEP),
  },
  {
    name: '__proto__ key',
    contentType: 'application/json',
    payload: '{"name":"Ann","__proto__":{"isAdmin":true}}',
  },
  {
    name: 'constructor.prototype key',
    contentType: 'application/json',
    payload: '{"constructor":{"prototype":{"isAdmin":true}}}',
  },
  { name: 'a JSON string', contentType: 'application/json', payload: '"hello"' },
  // JSON `null` is left out: Fastify reads it as no body at all, which the logouts accept.
  { name: 'not JSON at all', contentType: 'application/json', payload: '\u0000\uffff%%' },
  { name: 'another content type', contentType: 'text/plain', payload: 'name=Ann' },
  { name: 'form content type', contentType: 'application/x-www-form-urlencoded', payload: 'a=1' },
];

/** Methods whose body Fastify reads; on GET and HEAD a body is not input and is ignored. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

interface Operation {
  method: string;
  url: string;
  statuses: readonly string[];
}

let store: RealLedger;
let app: FastifyInstance;
let operations: Operation[];
let token: string;
/** A fresh address per request, so the per-address rate limits stay out of the way. */
let nextAddress = 0;
const address = () => `10.9.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

beforeAll(async () => {
  store = await realLedger();
  app = httpAppWithRooms(store);
  const doc = (await app.inject('/docs/json')).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method,
      // Any value fits a path parameter's place; the route decides whether it is well formed.
      url: path.replace(/\{[^}]+\}/g, 'main'),
      statuses: Object.keys(operation.responses),
    })),
  );
  token = await guestToken(app, address());
});

afterAll(async () => {
  await app?.close();
  await store?.close();
});

function send(operation: Operation, body: (typeof BAD_BODIES)[number], withToken: boolean) {
  const options: InjectOptions = {
    method: operation.method.toUpperCase() as InjectOptions['method'],
    url: operation.url,
    payload: body.payload,
    headers: {
      'content-type': body.contentType,
      ...(withToken ? { authorization: `Bearer ${token}` } : {}),
    },
    remoteAddress: address(),
  };
  return app.inject(options);
}

describe('P3.2: malformed bodies on every route of the OpenAPI document', () => {
  it('finds the routes that take a body, rooms included', () => {
    const withBody = operations.filter((o) => BODY_METHODS.has(o.method)).map((o) => o.url);
    expect(withBody).toEqual(
      expect.arrayContaining([
        '/api/guests',
        '/api/session/login',
        '/api/session/logout',
        '/api/rooms',
        '/api/rooms/main/invites',
      ]),
    );
  });

  for (const withToken of [false, true]) {
    for (const body of BAD_BODIES) {
      it(`refuses ${body.name} ${withToken ? 'with' : 'without'} a token: 4xx { code, message }`, async () => {
        const problems: string[] = [];
        for (const operation of operations) {
          const res = await send(operation, body, withToken);
          const where = `${operation.method.toUpperCase()} ${operation.url} → ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (!BODY_METHODS.has(operation.method)) {
            // The body is not read: the route answers as it would without one, never a 5xx.
            if (res.statusCode >= 500) problems.push(where);
            continue;
          }
          const reply = errorReplySchema.safeParse(res.json());
          const refused =
            res.statusCode >= 400 &&
            res.statusCode < 500 &&
            reply.success &&
            reply.data.message.length > 0 &&
            // The document says what the route answers: the status is one it lists.
            operation.statuses.includes(String(res.statusCode));
          if (!refused) problems.push(where);
        }
        expect(problems).toEqual([]);
      });
    }
  }

  it('leaves the token live and opens no room: bad input changes nothing', async () => {
    const session = await app.inject({
      url: '/api/session',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: address(),
    });
    expect(session.statusCode).toBe(200);
    expect(await store.prisma.table.count({ where: { isPublic: false } })).toBe(0);
  });
});
