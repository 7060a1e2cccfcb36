import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const rulesText = readFileSync(join(here, '..', 'RULES.md'), 'utf8');
const ruleIds = [...rulesText.matchAll(/\*\*(R\d+\.\d+)\*\*/g)].map((match) => match[1]!);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') && path !== fileURLToPath(import.meta.url) ? [path] : [];
  });
}

const testSources = testFiles(here).map((file) => readFileSync(file, 'utf8'));

describe('RULES.md and the tests', () => {
  it('RULES.md numbers its rules uniquely', () => {
    expect(ruleIds.length).toBeGreaterThan(50);
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
  });

  it('every rule id in RULES.md is named by at least one test', () => {
    const uncited = ruleIds.filter(
      (id) =>
        !testSources.some((source) => new RegExp(`\\b${id.replace('.', '\\.')}\\b`).test(source)),
    );
    expect(uncited).toEqual([]);
  });

  it('tests cite no rule id that RULES.md lacks', () => {
    const known = new Set(ruleIds);
    const cited = new Set(
      testSources.flatMap((source) => [...source.matchAll(/\bR\d+\.\d+\b/g)].map((m) => m[0])),
    );
    expect([...cited].filter((id) => !known.has(id))).toEqual([]);
  });
});
