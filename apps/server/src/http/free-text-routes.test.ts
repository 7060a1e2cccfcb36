import type { FastifyInstance, InjectOptions } from 'fastify';
import { FREE_TEXT_META } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomSettings } from '../testing/rooms.js';
import { errorReplySchema } from './errors.js';
import { guestToken, httpAppWithRooms, realLedger, type RealLedger } from './test-support.js';

/**
 * P3.3 over the OpenAPI document: every string a route reads from a client (body, path, query)
 * is a free text (`x-free-text`, refused INVALID_TEXT when hostile), held to an alphabet
 * (`pattern`, `enum`, `format`), or named below with why it is neither. Each is then sent
 * hostile text, so a route added later with a plain string fails here until it says which.
 */
const HOSTILE_BODY = ['hi \ud800', 'a\u0000b', 'bell\u0007'];
/** A path or query cannot carry a lone surrogate (it is UTF-8): NUL and a control then. */
const HOSTILE_URL = ['a\u0000b', 'bell\u0007'];

/** Strings that are not free text and have no alphabet in the document: why they are safe. */
const NOT_FREE_TEXT: Record<string, string> = {
  'POST /api/account/claim body.username': 'usernameSchema: folded, then a–z 0–9 _ only',
  'POST /api/account/claim body.password': 'hashed (argon2id), never stored nor shown',
  'POST /api/session/login body.password': 'compared with a hash, never stored nor shown',
  'GET /api/invites/{code} path.code': 'inviteCodeSchema: its alphabet before any lookup',
};

/** A body each route with a body accepts, for the one field made hostile at a time. */
const EXAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/guests': { name: 'Ann' },
  'POST /api/rooms': { name: 'Den', settings: roomSettings() },
  'POST /api/session/login': { username: 'nobody_here', password: 'long enough password' },
  'POST /api/account/claim': { username: 'ann_claims', password: 'long enough password' },
};

interface Input {
  route: string;
  where: 'body' | 'path' | 'query';
  name: string;
  schema: Record<string, unknown>;
}

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** The string properties of a body schema, by dotted path (objects and anyOf walked). */
function bodyStrings(schema: Schema, path: string, out: [string, Schema][] = []) {
  if (schema.type === 'string') out.push([path, schema]);
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    bodyStrings(child, path ? `${path}.${key}` : key, out);
  }
  for (const option of (schema.anyOf ?? []) as Schema[]) bodyStrings(option, path, out);
  if (schema.items) bodyStrings(schema.items as Schema, `${path}[]`, out);
  return out;
}

const isFree = (schema: Schema) => schema[FREE_TEXT_META] === true;
const hasAlphabet = (schema: Schema) =>
  'pattern' in schema || 'enum' in schema || 'const' in schema || 'format' in schema;

let store: RealLedger;
let app: FastifyInstance;
let inputs: Input[];
let token: string;
let nextAddress = 0;
const address = () => `10.8.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

beforeAll(async () => {
  store = await realLedger();
  app = httpAppWithRooms(store);
  const doc = (await app.inject('/docs/json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  inputs = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const route = `${method.toUpperCase()} ${path}`;
      const params = (operation.parameters ?? [])
        .filter((p) => p.schema.type === 'string')
        .map((p) => ({
          route,
          where: p.in === 'path' ? ('path' as const) : ('query' as const),
          name: p.name,
          schema: p.schema,
        }));
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const fields = body
        ? bodyStrings(body, '').map(([name, schema]) => ({
            route,
            where: 'body' as const,
            name,
            schema,
          }))
        : [];
      return [...params, ...fields];
    }),
  );
  token = await guestToken(app, address());
});

afterAll(async () => {
  await app?.close();
  await store?.close();
});

const key = (input: Input) => `${input.route} ${input.where}.${input.name}`;

function request(input: Input, value: string): InjectOptions {
  const [method, path] = input.route.split(' ') as [string, string];
  const example = EXAMPLES[input.route];
  let url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    input.where === 'path' && name === input.name ? encodeURIComponent(value) : 'main',
  );
  if (input.where === 'query') url += `?${input.name}=${encodeURIComponent(value)}`;
  const payload = input.where === 'body' && example ? { ...example, [input.name]: value } : example;
  return {
    method: method as InjectOptions['method'],
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
    remoteAddress: address(),
  };
}

describe('P3.3 every string input of the OpenAPI document', () => {
  it('P3.3: is a free text, has an alphabet, or says why it needs neither', () => {
    const free = inputs.filter((i) => isFree(i.schema)).map(key);
    expect(free).toEqual(
      expect.arrayContaining([
        'POST /api/guests body.name',
        'POST /api/rooms body.name',
        'POST /api/session/login body.username',
      ]),
    );
    const unexplained = inputs
      .filter((i) => !isFree(i.schema) && !hasAlphabet(i.schema) && !NOT_FREE_TEXT[key(i)])
      .map(key);
    expect(unexplained).toEqual([]);
    const stale = Object.keys(NOT_FREE_TEXT).filter((k) => !inputs.some((i) => key(i) === k));
    expect(stale).toEqual([]);
  });

  it('P3.3: a free text sent hostile is refused 400 INVALID_TEXT; any other string never a 2xx or 5xx', async () => {
    const problems: string[] = [];
    for (const input of inputs) {
      if (input.where === 'body' && !EXAMPLES[input.route]) {
        problems.push(`${key(input)}: add an example body for ${input.route}`);
        continue;
      }
      const free = isFree(input.schema);
      for (const value of input.where === 'body' ? HOSTILE_BODY : HOSTILE_URL) {
        const res = await app.inject(request(input, value));
        const reply = errorReplySchema.safeParse(res.json());
        const code = reply.success ? reply.data.code : null;
        const seen = `${key(input)} ${JSON.stringify(value)} → ${res.statusCode} ${code}`;
        if (free ? res.statusCode !== 400 || code !== 'INVALID_TEXT' : res.statusCode >= 500) {
          problems.push(seen);
        }
        if (!free && !NOT_FREE_TEXT[key(input)]?.startsWith('hashed') && res.statusCode < 300) {
          problems.push(`${seen}: taken`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
