// WCAG 2.2 AA (DESIGN §2) checked with axe-core on every page and the 404 page, at 375 px and
// 1280 px (the two projects). Zero violations; the failure message lists each one.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PAGES, UNKNOWN_PATH, expect, test, waitForHydration } from './support.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

function describe(violations: AxeResults['violations']): string {
  if (violations.length === 0) return 'no violations';
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

async function expectNoViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations, `axe violations on ${what}:\n${describe(results.violations)}`).toEqual([]);
}

for (const path of [...PAGES, UNKNOWN_PATH]) {
  test(`${path} has no axe violations`, async ({ page }, testInfo) => {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoViolations(page, `${path} at ${testInfo.project.use.viewport?.width}px`);
  });
}

test('the phone menu, opened, has no axe violations', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the menu toggle exists at phone width only');
  await page.goto('/');
  await waitForHydration(page);
  const menu = page.getByRole('navigation', { name: 'Main' }).locator('details').filter({ visible: true });
  await menu.locator(':scope > summary').click();
  await expect(menu).toHaveAttribute('open', '');
  await expectNoViolations(page, '/ with the menu open');
});
