#!/usr/bin/env node
/**
 * `pnpm circles`: the workspace's import circles and the walls between its layers, by
 * dependency-cruiser's API with the rules of .dependency-cruiser.mjs. Exits 1 on any circle or
 * import through a wall, or when a workspace import cannot be resolved (a check that cannot see
 * an edge cannot find its circle). The API, not the `depcruise` bin:
 * the bin refuses Node 20, which the project runs on; the API works on it.
 */
import { cruise } from 'dependency-cruiser';
import config from '../.dependency-cruiser.mjs';

const ROOTS = ['apps', 'packages', 'scripts'];
const { forbidden, options } = config;

const json = await cruise(ROOTS, { ...options, outputType: 'json' });
const { modules } = JSON.parse(json.output);
const unresolved = modules.flatMap((m) =>
  m.dependencies
    .filter(
      (d) => d.couldNotResolve && (d.module.startsWith('.') || d.module.startsWith('@banco/')),
    )
    .map((d) => `${m.source} → ${d.module}`),
);
if (unresolved.length > 0) {
  console.error(`circles: ${unresolved.length} workspace imports could not be resolved:`);
  for (const line of unresolved) console.error(`  ${line}`);
  process.exit(1);
}

const checked = await cruise(ROOTS, {
  ...options,
  validate: true,
  ruleSet: { forbidden },
  outputType: 'err-long',
});
process.stdout.write(checked.output);
if (checked.exitCode !== 0) process.exit(1);
console.log(`circles: none, and no import through a wall, in ${modules.length} modules`);
