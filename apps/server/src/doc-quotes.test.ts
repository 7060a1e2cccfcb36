import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A document quotes a file by writing `<!-- quoted from PATH -->` (PATH from the repository's
 * root) right before a fenced block: the block must be the file as it is, so a quoted example
 * that its own test runs cannot drift from what the document shows.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const QUOTE = /<!-- quoted from (\S+) -->\n+```[a-z]*\n([\s\S]*?)\n```/g;

const quotes = documents.flatMap((document) =>
  [...readFileSync(join(root, document), 'utf8').matchAll(QUOTE)].map((m) => ({
    document,
    path: m[1]!,
    code: m[2]!,
  })),
);

describe('code the documents quote', () => {
  it('docs/protocol.md quotes its Chemin de Fer bot from the file its test plays', () => {
    expect(quotes.map((q) => `${q.document} ← ${q.path}`)).toContain(
      'docs/protocol.md ← apps/server/src/testing/examples/chemin-bot.ts',
    );
  });

  it.each(quotes)('$document quotes $path as the file is', ({ path, code }) => {
    expect(code).toBe(readFileSync(join(root, path), 'utf8').trimEnd());
  });
});
