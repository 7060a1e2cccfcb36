// Shared by the packages' rules-coverage tests: every numbered rule in a rules document must be
// cited by some test, and tests may cite no id the document lacks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Ids written in bold at the start of a rule, e.g. **R3.1** or **T4.6**. */
export function ruleIdsIn(markdown, prefix) {
  return [...markdown.matchAll(new RegExp(`\\*\\*(${prefix}\\d+\\.\\d+)\\*\\*`, 'g'))].map(
    (m) => m[1],
  );
}

/** The text of every *.test.ts under `dir`, except `exclude`. */
export function testSourcesUnder(dir, exclude) {
  const files = (at) =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
      const path = join(at, entry.name);
      if (entry.isDirectory()) return files(path);
      return entry.name.endsWith('.test.ts') && path !== exclude ? [path] : [];
    });
  return files(dir).map((file) => readFileSync(file, 'utf8'));
}

export function uncitedIds(ids, sources) {
  return ids.filter(
    (id) => !sources.some((source) => new RegExp(`\\b${id.replace('.', '\\.')}\\b`).test(source)),
  );
}

export function unknownCitations(ids, sources, prefix) {
  const known = new Set(ids);
  const pattern = new RegExp(`\\b${prefix}\\d+\\.\\d+\\b`, 'g');
  const cited = new Set(
    sources.flatMap((source) => [...source.matchAll(pattern)].map((m) => m[0])),
  );
  return [...cited].filter((id) => !known.has(id));
}
