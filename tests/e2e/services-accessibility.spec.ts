// axe on "Services near you" with results (issue 13 point 4), at 375 and 1280 px (the config runs
// *accessibility specs at both widths).
import { expectNoAxeViolations } from './axe.ts';
import { expect, test, waitForHydration } from './support.ts';

test('services near a place: no axe violations, the form and the cards', async ({ page }) => {
  await page.goto('/resources?near=San%20Rafael&need=housing&open_now=false');
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Services near you' }).getByRole('article').first()).toBeVisible();
  await page.getByRole('region', { name: 'Services near you' }).getByText('Report a problem').first().click();
  await expectNoAxeViolations(page, '/resources with services near San Rafael');
});

// axe needs the page's script engine, so the server-filtered state is checked with JavaScript on.
test('the SPEC directory filtered on the server, with services for a ZIP code: no axe violations', async ({ page }) => {
  await page.goto('/resources?q=food&category=food&near=94110&need=food');
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Services near you' }).getByRole('status')).toBeVisible();
  await expectNoAxeViolations(page, '/resources?q=food&category=food&near=94110&need=food');
});
