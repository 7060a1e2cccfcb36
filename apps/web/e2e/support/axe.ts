import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type AxeRules = Record<string, { enabled: boolean }>;

/**
 * axe's serious and critical findings on the page as it is now (or inside `within`, a CSS
 * selector), one "rule (impact): target" line each; `rules` turns extra rules on or off.
 *
 * Run as axe.run() in the page (legacy mode): the default runs axe in every frame, then again in
 * a blank page it opens to merge the frames' results, for cross-origin frames these pages never
 * have; that cost ~1.5 s of a 2 s check. Only violations are gathered in full (resultTypes):
 * passes keep one node a rule, enough to show axe looked.
 */
export async function seriousViolations(
  page: Page,
  within?: string,
  rules?: AxeRules,
): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'], ...(rules ? { rules } : {}) });
  const { violations, passes } = await (within ? builder.include(within) : builder).analyze();
  // An axe that checked nothing would pass every page: make sure it looked.
  if (passes.length === 0) throw new Error('axe ran no checks on this page');
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} (${n.failureSummary})`),
    );
}
