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

// The C ids of docs/protocol.md (Chemin de Fer rooms) are each cited by a test of this package,
// whose schemas and client they describe (the server's tests cite them too); the P ids are
// checked by the server's own coverage test.
const here = fileURLToPath(new URL('.', import.meta.url));
const ids = ruleIdsIn(
  readFileSync(join(here, '..', '..', '..', 'docs', 'protocol.md'), 'utf8'),
  'C',
);
const sources = testSourcesUnder(here, fileURLToPath(import.meta.url));

describe('docs/protocol.md C ids and the tests', () => {
  it('numbers the Chemin de Fer rules uniquely', () => {
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has every C id named by a test, and tests name no other', () => {
    expect(uncitedIds(ids, sources)).toEqual([]);
    expect(unknownCitations(ids, sources, 'C')).toEqual([]);
  });
});

// The B ids (Baccara Banque rooms) likewise, each cited by a test of this package.
const bIds = ruleIdsIn(
  readFileSync(join(here, '..', '..', '..', 'docs', 'protocol.md'), 'utf8'),
  'B',
);

describe('docs/protocol.md B ids and the tests', () => {
  it('numbers the Baccara Banque rules uniquely', () => {
    expect(bIds.length).toBeGreaterThan(10);
    expect(new Set(bIds).size).toBe(bIds.length);
  });

  it('has every B id named by a test, and tests name no other', () => {
    expect(uncitedIds(bIds, sources)).toEqual([]);
    expect(unknownCitations(bIds, sources, 'B')).toEqual([]);
  });
});
