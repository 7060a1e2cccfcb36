import type { Fuzz } from './fuzz-values.js';

type JsonSchema = Record<string, unknown>;

/** One route of the OpenAPI document, as the fuzz sends to it. */
export interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

/** Every route the server documents at /docs/json, with what it reads from a request. */
export async function openApiOperations(url: string): Promise<Operation[]> {
  const doc = (await (await fetch(`${url}/docs/json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Operation['params'];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A URL and body for the operation: well-formed from its schemas, or mutated. */
export function requestFor(fuzz: Fuzz, op: Operation): { url: string; body: string | undefined } {
  const values: Record<string, unknown> = {};
  for (const param of op.params) {
    if (param.in === 'query' && fuzz.chance(0.4)) continue;
    values[param.name] = fuzz.fromJsonSchema(param.schema, param.name);
  }
  const mutate = fuzz.chance(0.45);
  const encode = (value: unknown) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    try {
      return encodeURIComponent(text);
    } catch {
      // A lone surrogate has no UTF-8: send bytes that are not UTF-8 either.
      return '%ED%A0%80';
    }
  };
  let path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encode(mutate && fuzz.chance(0.5) ? fuzz.hostile() : values[name]),
  );
  const query = op.params
    .filter((p) => p.in === 'query' && p.name in values)
    .map(
      (p) => `${p.name}=${encode(mutate && fuzz.chance(0.5) ? fuzz.hostile() : values[p.name])}`,
    );
  if (query.length > 0) path += `?${query.join('&')}`;
  if (!op.body || op.method === 'GET') return { url: path, body: undefined };
  const body = fuzz.fromJsonSchema(op.body);
  if (mutate && fuzz.chance(0.1))
    return { url: path, body: fuzz.pick(['{"name":', '', '[]', 'null']) };
  return { url: path, body: JSON.stringify(mutate ? fuzz.mutate(body) : body) };
}
