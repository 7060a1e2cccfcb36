import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe's serious and critical findings on the page as it is now (or inside `within`, a CSS
 * selector), one "rule (impact): target" line each.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations, passes } = await (within ? builder.include(within) : builder).analyze();
  // An axe that checked nothing would pass every page: make sure it looked.
  if (passes.length === 0) throw new Error('axe ran no checks on this page');
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} (${n.failureSummary})`),
    );
}
