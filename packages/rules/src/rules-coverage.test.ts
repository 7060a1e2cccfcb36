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
const ruleIds = ruleIdsIn(readFileSync(join(here, '..', 'RULES.md'), 'utf8'), 'R');
const testSources = testSourcesUnder(here, fileURLToPath(import.meta.url));

describe('RULES.md and the tests', () => {
  it('RULES.md numbers its rules uniquely', () => {
    expect(ruleIds.length).toBeGreaterThan(50);
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
  });

  it('every rule id in RULES.md is named by at least one test', () => {
    expect(uncitedIds(ruleIds, testSources)).toEqual([]);
  });

  it('tests cite no rule id that RULES.md lacks', () => {
    expect(unknownCitations(ruleIds, testSources, 'R')).toEqual([]);
  });
});
