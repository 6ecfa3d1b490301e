import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious or critical axe findings on the page as it is now (inside `scope` when given), as "rule: targets". */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (scope ? builder.include(scope) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
