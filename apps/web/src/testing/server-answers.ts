import { vi } from 'vitest';

/**
 * The HTTP server for a component test: `fetch` answers with these replies, one per call, in
 * order (a 500 once they run out). The returned mock tells what each call asked for.
 */
export function serverAnswers(...answers: { status: number; body: unknown }[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
