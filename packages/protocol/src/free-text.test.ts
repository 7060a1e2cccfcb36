import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMMANDS } from './commands.js';
import { FREE_TEXT_META, freeText, INVALID_TEXT, textIntake, textRefusal } from './free-text.js';
import * as protocol from './index.js';

/** What no stored state may hold (Postgres jsonb refuses the first two) nor any reader get. */
const HOSTILE = ['hi \ud800', '\udc00x', 'a\u0000b', 'bell\u0007', 'esc\u001b[2J', 'del\u007f'];

describe('P3.3 the free-text intake', () => {
  it('P3.3: refuses a lone surrogate, NUL and other controls, saying which and where', () => {
    expect(textIntake('hi \ud800')).toEqual({
      ok: false,
      code: INVALID_TEXT,
      message: 'the text cannot be taken: a lone UTF-16 surrogate at position 3 is not a character',
    });
    expect(textIntake('a\u0000b')).toMatchObject({ ok: false, message: /U\+0000 at position 1/ });
    for (const text of HOSTILE) expect(textIntake(text).ok, JSON.stringify(text)).toBe(false);
  });

  it('P3.3: takes tabs, line breaks and paired surrogates, and gives back NFC', () => {
    expect(textIntake('a\tb\r\nc\u2028 \u{1F3B2}')).toEqual({
      ok: true,
      text: 'a\tb\r\nc\u2028 \u{1F3B2}',
    });
    expect(textIntake('cafe\u0301')).toEqual({ ok: true, text: 'caf\u00e9' });
  });

  it('P3.3: the schema refuses with an issue a server reads back as INVALID_TEXT', () => {
    const parsed = freeText(10).safeParse('a\u0000');
    expect(parsed.success).toBe(false);
    expect(textRefusal(parsed.error?.issues ?? [])).toMatchObject({ code: INVALID_TEXT });
    // Too long is not read at all: a plain INVALID_PAYLOAD, not a text refusal.
    const long = freeText(3).safeParse('abcd');
    expect(long.success).toBe(false);
    expect(textRefusal(long.error?.issues ?? [])).toBeNull();
    // In a union's branch (chat.send is a text or a reaction).
    const chat = COMMANDS['chat.send'].safeParse({ tableId: 'main', text: 'hi \ud800' });
    expect(textRefusal(chat.error?.issues ?? [])).toMatchObject({ code: INVALID_TEXT });
    // Fastify's validation entries carry the issue's params one level down.
    expect(textRefusal([{ message: 'm', params: { params: { code: INVALID_TEXT } } }])).toEqual({
      code: INVALID_TEXT,
      message: 'm',
    });
  });
});

type Node = z.core.$ZodType;
const defOf = (node: Node) => node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
const isFreeText = (node: Node): boolean =>
  z.globalRegistry.get(node as z.ZodType)?.[FREE_TEXT_META] === true;

/** Whether a pipe's first stage (or a freeText within it) reads a string. */
function firstStage(node: Node): Node {
  let at = node;
  while (defOf(at).type === 'pipe' && !isFreeText(at)) at = defOf(at).in as Node;
  return at;
}

interface StringField {
  path: string;
  schema: Node;
  free: boolean;
}

/**
 * Every place a schema takes a string from the client: a string, or a pipe whose first stage
 * reads one (the pipe whole is the field, so its later checks count), or a freeText.
 */
function stringFields(node: Node, path: string, out: StringField[] = []): StringField[] {
  const def = defOf(node);
  const first = def.type === 'pipe' ? firstStage(node) : node;
  if (isFreeText(first) || defOf(first).type === 'string') {
    out.push({ path, schema: node, free: isFreeText(first) || containsFreeText(node) });
    return out;
  }
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, Node>)) {
        stringFields(child, `${path}.${key}`, out);
      }
      return out;
    case 'union':
      (def.options as Node[]).forEach((option, i) => stringFields(option, `${path}|${i}`, out));
      return out;
    case 'array':
      return stringFields(def.element as Node, `${path}[]`, out);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
      return stringFields(def.innerType as Node, path, out);
    case 'pipe':
      return stringFields(def.in as Node, path, out);
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
      return out;
    default:
      throw new Error(`${path}: the walk does not know a ${def.type} schema; teach it`);
  }
}

function containsFreeText(node: Node): boolean {
  if (isFreeText(node)) return true;
  const def = defOf(node);
  return def.type === 'pipe' && containsFreeText(def.in as Node);
}

/** The request bodies of the HTTP routes: the protocol's `…Body` schemas. */
const BODIES: [string, z.ZodType][] = Object.entries(protocol as Record<string, unknown>).flatMap(
  ([name, value]) => (name.endsWith('Body') && value instanceof z.ZodType ? [[name, value]] : []),
);

/** Strings a client sends that are neither kept nor shown, so free text may pass: why not. */
const NOT_KEPT: Record<string, string> = {
  'claimAccountBody.password': 'hashed with argon2id, never stored nor shown as sent',
  'loginBody.password': 'compared with a hash, never stored nor shown',
};

describe('P3.3 every command and HTTP body the protocol defines', () => {
  const fields = [
    ...Object.entries(COMMANDS).flatMap(([name, schema]) => stringFields(schema, name)),
    ...BODIES.flatMap(([name, schema]) => stringFields(schema, name)),
  ];

  it('P3.3: finds the free texts there are (the walk reaches them)', () => {
    expect(BODIES.map(([name]) => name)).toEqual(
      expect.arrayContaining(['createGuestBody', 'createRoomBody', 'loginBody']),
    );
    expect(fields.filter((f) => f.free).map((f) => f.path)).toEqual(
      expect.arrayContaining([
        'chat.send|0.text',
        'createGuestBody.name',
        'createRoomBody.name',
        'loginBody.username',
      ]),
    );
  });

  it('P3.3: a free text refuses hostile text with INVALID_TEXT; every other string refuses it', () => {
    const leaks: string[] = [];
    for (const field of fields) {
      if (NOT_KEPT[field.path]) continue;
      for (const text of HOSTILE) {
        const parsed = z.safeParse(field.schema, text);
        const refusal = parsed.success ? null : textRefusal(parsed.error.issues);
        if (parsed.success) leaks.push(`${field.path} took ${JSON.stringify(text)}`);
        else if (field.free && !refusal) leaks.push(`${field.path}: not INVALID_TEXT`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('P3.3: the exceptions are fields that exist', () => {
    const paths = new Set(fields.map((f) => f.path));
    for (const path of Object.keys(NOT_KEPT)) expect(paths.has(path), path).toBe(true);
  });
});
