// The workspace's vitest JSON reports, package by package: what test-summary.mjs sums and
// ci-cost.mjs times, read one way for both.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** The workspace's package folders, from pnpm-workspace.yaml (`dir/*` or a folder itself). */
export function workspacePackages() {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const patterns = [...list.matchAll(/^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/gm)].map((m) => m[1]);
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const dir = join(root, pattern.slice(0, -2));
    return existsSync(dir) ? readdirSync(dir).map((name) => `${pattern.slice(0, -2)}/${name}`) : [];
  });
}

/**
 * Each package that has a test script, with the reports it left in `reports/` (parsed), so a
 * package that should have tested and left none can be told from one that has no tests.
 */
export function testedPackages() {
  const found = [];
  for (const dir of workspacePackages()) {
    const pkg = join(root, dir);
    const manifest = join(pkg, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (!scripts.test) continue;
    const reportsDir = join(pkg, 'reports');
    const files = existsSync(reportsDir)
      ? readdirSync(reportsDir).filter((f) => f.endsWith('.json'))
      : [];
    const reports = files.map((file) => ({
      file,
      report: JSON.parse(readFileSync(join(reportsDir, file), 'utf8')),
    }));
    found.push({ dir, name, reports });
  }
  return found;
}
