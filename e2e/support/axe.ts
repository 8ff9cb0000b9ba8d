import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical axe violations of the page, one line each. Toasts are left out: they
 * fade in and out, and axe measures the colour contrast of a half-faded toast as a failure.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // `within`: only that part (an open modal: what is behind its dimming overlay is not what a person reads).
  const builder = new AxeBuilder({ page }).exclude('.mantine-Notifications-root');
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
