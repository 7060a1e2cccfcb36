import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ruleIdsIn,
  testSourcesUnder,
  uncitedIds,
  unknownCitations,
} from '../../../scripts/rule-coverage.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const testSources = testSourcesUnder(here, fileURLToPath(import.meta.url));
const documents = [
  { name: 'apps/server/RULES.md', path: join(here, '..', 'RULES.md'), prefix: 'T' },
  {
    name: 'docs/protocol.md',
    path: join(here, '..', '..', '..', 'docs', 'protocol.md'),
    prefix: 'P',
  },
];

describe.each(documents)('$name and the tests', ({ path, prefix }) => {
  const ids = ruleIdsIn(readFileSync(path, 'utf8'), prefix);

  it('numbers its rules uniquely', () => {
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has every rule id named by at least one test', () => {
    expect(uncitedIds(ids, testSources)).toEqual([]);
  });

  it('is the only source of the ids the tests cite', () => {
    expect(unknownCitations(ids, testSources, prefix)).toEqual([]);
  });
});
