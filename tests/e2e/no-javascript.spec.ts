// DESIGN §1–2: /, /about and /resources are prerendered HTML, so a phone with JavaScript blocked
// still gets the content, the crisis numbers and a call link. Runs at both widths.
import type { Locator, Page } from '@playwright/test';
import { CATEGORY_NAMES, expect, test } from './support.ts';

test.use({ javaScriptEnabled: false });

/** At phone width the nav items sit in a <details> menu, which opens without JavaScript. */
async function openMenuIfFolded(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Main' }).locator('details').filter({ visible: true });
  if ((await menu.count()) === 1) {
    await menu.locator(':scope > summary').click();
    await expect(menu).toHaveAttribute('open', '');
  }
}

/** Opens a page, which must answer 200 and show its main heading; returns its main region. */
async function openPage(page: Page, path: string): Promise<Locator> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  return main;
}

async function expectCrisisNumbersAndCallLink(page: Page): Promise<void> {
  const call988 = page.locator('a[href="tel:988"]').filter({ visible: true }).first();
  await expect(call988).toBeVisible();
  await expect(call988).toContainText('988');
  const call911 = page.locator('a[href="tel:911"]').filter({ visible: true }).first();
  await expect(call911).toBeVisible();
  await expect(call911).toContainText('911');

  await openMenuIfFolded(page);
  const call = page.getByRole('navigation', { name: 'Main' }).locator('a[href="tel:211"]').filter({ visible: true });
  await expect(call).toHaveCount(1);
  await expect(call).toHaveText('Call 211');
}

test('/ renders its content without JavaScript', async ({ page }) => {
  const main = await openPage(page, '/');
  for (const benefit of ['24/7 Personalized Support', 'Resource Connection', 'Active Listening']) {
    await expect(main.getByText(benefit, { exact: true })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: 'Ready to Get Support?', exact: true })).toBeVisible();
  // Home has its own call, chat and speak buttons (SPEC §2 Home).
  await expect(main.locator('a[href="tel:211"]').filter({ visible: true }).first()).toBeVisible();
  await expect(main.locator('a[href="/chat"]').filter({ visible: true }).first()).toBeVisible();
  await expect(main.locator('a[href="/speak-with-ellis"]').filter({ visible: true }).first()).toBeVisible();
  await expectCrisisNumbersAndCallLink(page);
});

test('/about renders its content without JavaScript', async ({ page }) => {
  const main = await openPage(page, '/about');
  for (const section of [/mission/i, /vision/i, /values/i, /founder/i]) {
    await expect(main.getByRole('heading', { name: section }).first()).toBeVisible();
  }
  for (const value of ['Empathy First', 'Accessibility', 'Privacy & Trust']) {
    await expect(main.getByText(value, { exact: true })).toBeVisible();
  }
  await expectCrisisNumbersAndCallLink(page);
});

test('/resources renders the crisis block and every resource link without JavaScript', async ({ page }) => {
  const main = await openPage(page, '/resources');

  // The page's own crisis block, inside the content (not only the strip at the top).
  await expect(main.locator('a[href="tel:988"]').filter({ visible: true }).first()).toBeVisible();
  await expect(main.locator('a[href="tel:911"]').filter({ visible: true }).first()).toBeVisible();

  // 6 categories × 5 links, then 6 national organizations, all as plain links in the HTML.
  for (const name of CATEGORY_NAMES) {
    const heading = main.getByRole('heading', { name, exact: true });
    await expect(heading).toBeVisible();
    const group = heading.locator('xpath=ancestor::*[.//a[starts-with(@href, "http")]][1]');
    const links = group.locator('a[href^="http"]');
    await expect(links, `links under "${name}"`).toHaveCount(5);
    for (const link of await links.all()) {
      await expect(link).toBeVisible();
      await expect(link).not.toHaveText('');
    }
  }
  const organizations = main.getByRole('heading', { name: 'National Organizations', exact: true });
  await expect(organizations).toBeVisible();
  const orgLinks = organizations.locator('xpath=ancestor::*[.//a[starts-with(@href, "http")]][1]').locator('a[href^="http"]');
  await expect(orgLinks).toHaveCount(6);
  for (const link of await orgLinks.all()) await expect(link).toBeVisible();

  await expectCrisisNumbersAndCallLink(page);
});
