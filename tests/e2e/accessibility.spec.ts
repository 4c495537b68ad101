// WCAG 2.2 AA (DESIGN §2) checked with axe-core on every page and the 404 page, at 375 px and
// 1280 px (the two projects). Zero violations; the failure message lists each one.
import { PAGES, UNKNOWN_PATH, expect, test, waitForHydration } from './support.ts';
import { expectNoAxeViolations } from './axe.ts';

for (const path of [...PAGES, UNKNOWN_PATH]) {
  test(`${path} has no axe violations`, async ({ page }, testInfo) => {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoAxeViolations(page, `${path} at ${testInfo.project.use.viewport?.width}px`);
  });
}

test('the phone menu, opened, has no axe violations', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the menu toggle exists at phone width only');
  await page.goto('/');
  await waitForHydration(page);
  const menu = page.getByRole('navigation', { name: 'Main' }).locator('details').filter({ visible: true });
  await menu.locator(':scope > summary').click();
  await expect(menu).toHaveAttribute('open', '');
  await expectNoAxeViolations(page, '/ with the menu open');
});
