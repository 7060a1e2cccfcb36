// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./js-budget.mjs', import.meta.url));

// The table route's first-load JS must stay within 150 KB gzipped. `test` runs after this
// package's `build` (turbo.json), so out/ is the export being shipped.
describe('JS budget', () => {
  it('keeps the table route’s first-load JavaScript within 150 KB gzipped', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    const figure = /first-load JS: ([\d.]+) KB gzipped/.exec(run.stdout)?.[1];
    expect(run.stderr).toBe('');
    expect(figure, run.stdout).toBeDefined();
    expect(Number(figure)).toBeGreaterThan(50);
    expect(Number(figure)).toBeLessThanOrEqual(150);
    expect(run.status).toBe(0);
  });

  it('fails when the figure is above the budget it is given', () => {
    const run = spawnSync(process.execPath, [script, '--budget', '1'], { encoding: 'utf8' });
    expect(run.stderr).toMatch(/over budget by/);
    expect(run.status).toBe(1);
  });
});
