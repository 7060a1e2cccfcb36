import { rngNext, seedRng } from '@banco/rules';
import type { z } from 'zod';

/** The rules' seeded generator as a float in [0, 1): a failing fuzz run replays from its seed. */
export function seededRandom(seed: number): () => number {
  const rng = seedRng(seed);
  return () => rngNext(rng) / 2 ** 32;
}

/** What the fuzzed server has: ids a payload names to reach past the first checks. */
export interface FuzzWorld {
  tableIds(): readonly string[];
  playerIds(): readonly string[];
  /** The latest round (or coup) the table was heard to play; 1 before any. */
  round(tableId: string): number;
}

/** Text a client might send: ordinary, long, markup, emoji, and what must be refused. */
const TEXTS = [
  'hi',
  'good luck all',
  '<img src=x onerror=alert(1)>',
  '\u{1F340}\u{1F3B2}',
  'e\u0301',
  '\u202egro.evil',
  'hi \ud800',
  '\udc00',
  'a\u0000b',
  'bell\u0007',
  ' \n\t ',
  'x'.repeat(201),
  '\u0301'.repeat(300),
];

const deep = (levels: number): unknown =>
  levels === 0 ? 1 : { a: deep(levels - 1), b: [deep(levels - 1 > 3 ? 0 : levels - 1)] };

/** Values of every other kind: what a mutation puts where a well-formed value was. */
const HOSTILE: readonly (() => unknown)[] = [
  () => null,
  () => true,
  () => -1,
  () => 0,
  () => 1.5,
  () => 2 ** 53,
  () => -(2 ** 31),
  () => 1e308,
  () => '',
  () => 'x'.repeat(5_000),
  () => '\ud800',
  () => 'a\u0000',
  () => '__proto__',
  () => '../../etc/passwd',
  () => '%00',
  () => ({}),
  () => [],
  () => [[[]]],
  () => JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  () => ({ constructor: { prototype: { polluted: true } } }),
  () => deep(6),
  () => '\u{1D54F}'.repeat(300),
];

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type JsonSchema = Record<string, unknown>;

/** Well-formed and mutated payloads, drawn from the seeded generator. */
export class Fuzz {
  constructor(
    readonly random: () => number,
    private readonly world: FuzzWorld,
  ) {}

  int(below: number): number {
    return Math.floor(this.random() * below);
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  hostile(): unknown {
    return this.pick(HOSTILE)();
  }

  text(): string {
    return this.pick(TEXTS);
  }

  private tableId(): string {
    return this.chance(0.9)
      ? this.pick(this.world.tableIds())
      : this.pick(['nope', 'r_x', 'main-9']);
  }

  private round(tableId: unknown): number {
    const known = typeof tableId === 'string' ? this.world.round(tableId) : 1;
    return Math.max(1, known + this.pick([0, 0, 0, 1, -1]));
  }

  /** A string for a field named `key`: the world's ids where the field names one. */
  private string(key: string, context: Record<string, unknown>): string {
    switch (key) {
      case 'tableId':
      case 'roomId':
        return this.tableId();
      case 'playerId':
        return this.pick(this.world.playerIds());
      case 'confirmId':
        return `c${this.int(1e9).toString(36)}`;
      case 'seed':
        return `seed ${this.int(1e6)}`;
      case 'text':
      case 'name':
      case 'username':
        // Free text is where hostile text does harm: half of it is drawn from TEXTS.
        return this.chance(0.5) ? this.pick(['Ann', 'Den', 'ann_1', 'good luck']) : this.text();
      case 'password':
        return this.pick(['long enough password', 'short', 'x'.repeat(300)]);
      default:
        return context.tableId === undefined ? `v${this.int(100)}` : this.tableId();
    }
  }

  private number(key: string, context: Record<string, unknown>): number {
    switch (key) {
      case 'seat':
        return 1 + this.int(8);
      case 'round':
      case 'coup':
        return this.round(context.tableId);
      case 'since':
        return this.int(200);
      case 'amount':
      case 'min':
      case 'max':
        return this.pick([100, 500, 1_000, 2_500, 10_000, 50_000, 150, 0, -100]);
      case 'ttlMinutes':
        return this.pick([1, 5, 60, 10_080, 0]);
      case 'limit':
        return this.pick([1, 10, 50, 100]);
      default:
        return this.pick([0, 1, 2, 5, 6, 8, 9, 10, 14, 60, 90]);
    }
  }

  /** A value the zod schema would likely take (command payloads, P1). */
  fromZod(schema: z.core.$ZodType, key = '', context: Record<string, unknown> = {}): unknown {
    const def = schema._zod.def as Def;
    switch (def.type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [name, child] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
          const optional = (child._zod.def as Def).type === 'optional';
          if (optional && this.chance(0.5)) continue;
          out[name] = this.fromZod(child, name, out);
        }
        return out;
      }
      case 'union':
        return this.fromZod(this.pick(def.options as z.core.$ZodType[]), key, context);
      case 'array':
        return Array.from({ length: 1 + this.int(3) }, () =>
          this.fromZod(def.element as z.core.$ZodType, key, context),
        );
      case 'optional':
      case 'nullable':
      case 'default':
      case 'readonly':
      case 'nonoptional':
        return this.fromZod(def.innerType as z.core.$ZodType, key, context);
      case 'pipe':
        return this.fromZod(def.in as z.core.$ZodType, key, context);
      case 'string':
        return this.string(key, context);
      case 'number':
        return this.number(key, context);
      case 'boolean':
        return this.chance(0.5);
      case 'enum':
        return this.pick(Object.values(def.entries as Record<string, string | number>));
      case 'literal':
        return this.pick(def.values as unknown[]);
      default:
        return null;
    }
  }

  /** A value the JSON schema (an OpenAPI request's) would likely take. */
  fromJsonSchema(schema: JsonSchema, key = '', context: Record<string, unknown> = {}): unknown {
    if (Array.isArray(schema.anyOf)) {
      return this.fromJsonSchema(this.pick(schema.anyOf as JsonSchema[]), key, context);
    }
    if (Array.isArray(schema.enum)) return this.pick(schema.enum);
    if ('const' in schema) return schema.const;
    switch (schema.type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        const required = new Set((schema.required ?? []) as string[]);
        for (const [name, child] of Object.entries(
          (schema.properties ?? {}) as Record<string, JsonSchema>,
        )) {
          if (!required.has(name) && this.chance(0.5)) continue;
          out[name] = this.fromJsonSchema(child, name, out);
        }
        return out;
      }
      case 'array':
        return Array.from({ length: this.int(3) }, () =>
          this.fromJsonSchema((schema.items ?? {}) as JsonSchema, key, context),
        );
      case 'string':
        return this.string(key, context);
      case 'integer':
      case 'number':
        return this.number(key, context);
      case 'boolean':
        return this.chance(0.5);
      case 'null':
        return null;
      default:
        return {};
    }
  }

  /** The value with one to three mutations: a leaf made hostile, a key dropped or added. */
  mutate(value: unknown): unknown {
    let out = structuredClone(value);
    for (let i = 1 + this.int(3); i > 0; i--) out = this.mutateOnce(out);
    return out;
  }

  private mutateOnce(value: unknown): unknown {
    if (typeof value !== 'object' || value === null || this.chance(0.08)) {
      return this.chance(0.5) ? this.hostile() : value;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    const roll = this.random();
    if (keys.length === 0 || roll < 0.15) {
      record[this.pick(['extra', 'playerId', 'html', '__proto__', 'admin', 'balance'])] =
        this.hostile();
    } else if (roll < 0.3) {
      delete record[this.pick(keys)];
    } else if (roll < 0.5) {
      const key = this.pick(keys);
      record[key] = this.mutateOnce(record[key]);
    } else if (roll < 0.65) {
      record[this.pick(keys)] = this.text();
    } else {
      record[this.pick(keys)] = this.hostile();
    }
    return value;
  }
}
