import { describe, expect, it } from 'vitest';
import { TableVersions } from './index.js';

describe('applying events and snapshots by version (P2.13)', () => {
  it('applies the next version, skips what it holds, and reports a gap', () => {
    const v = new TableVersions(40);
    expect(v.event(41)).toBe('apply');
    expect(v.event(41)).toBe('skip');
    expect(v.event(39)).toBe('skip');
    expect(v.event(43)).toBe('gap');
    expect(v.gap).toBe(true);
    expect(v.version).toBe(41);
  });

  it('drops a snapshot older than the events already applied, when nothing is missing', () => {
    const v = new TableVersions(40);
    for (const n of [41, 42, 43]) expect(v.event(n)).toBe('apply');
    expect(v.snapshot(42)).toBe(false);
    expect(v.version).toBe(43);
    expect(v.snapshot(45)).toBe(true);
    expect(v.version).toBe(45);
  });

  it('after a gap takes the snapshot even if older, then re-applies buffered events above it', () => {
    const v = new TableVersions(40);
    const buffered = [44, 45, 46];
    for (const n of buffered) expect(v.event(n)).toBe('gap');
    // The resync answer's snapshot is at 44: older than the newest event already seen.
    expect(v.snapshot(44)).toBe(true);
    expect(buffered.map((n) => v.event(n))).toEqual(['skip', 'apply', 'apply']);
    expect(v.version).toBe(46);
    expect(v.gap).toBe(false);
  });

  it('a replay of missed events fills the gap in order', () => {
    const v = new TableVersions(10);
    expect(v.event(14)).toBe('gap');
    const replay = [11, 12, 13, 14];
    expect(replay.map((n) => v.event(n))).toEqual(['apply', 'apply', 'apply', 'apply']);
    expect(v.gap).toBe(false);
  });
});
