// SPEC §2 navigation bar: "On small screens it collapses to a toggle menu; choosing an item closes
// the menu." Runs in the 375 px project only. The menu is a <details>, so it also works without JS.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoPageErrors, test, waitForHydration } from './support.ts';

const MENU_ITEMS = [
  ['Home', '/'],
  ['About Us', '/about'],
  ['Resources', '/resources'],
  ['Login', '/login'],
  ['Chat with Ellis', '/chat'],
  ['Speak with Ellis', '/speak-with-ellis'],
] as const;

function parts(page: Page): { nav: Locator; menu: Locator; toggle: Locator } {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.locator('details').filter({ visible: true });
  const toggle = menu.locator(':scope > summary');
  return { nav, menu, toggle };
}

test.beforeEach(async ({ page }, testInfo) => {
  expect(testInfo.project.use.viewport?.width, 'this journey is for the phone width').toBe(375);
  await page.goto('/');
});

test('the nav items are folded behind a "Menu" toggle', async ({ page }) => {
  const { nav, menu, toggle } = parts(page);
  await expect(menu).toHaveCount(1);
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveText('Menu');
  await expect(menu).not.toHaveAttribute('open');
  // Closed: none of the items is visible, and no other copy of them shows.
  for (const [name] of MENU_ITEMS) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();
  }
  await expect(nav.locator('a[href^="tel:"]').filter({ visible: true })).toHaveCount(0);
});

test('opening the menu shows the links; choosing "About Us" goes to /about and closes it', async ({ page, pageErrors }) => {
  await waitForHydration(page);
  const { nav, menu, toggle } = parts(page);
  await toggle.click();
  await expect(menu).toHaveAttribute('open', '');

  for (const [name, href] of MENU_ITEMS) {
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', href);
  }
  const call = nav.locator('a[href^="tel:"]').filter({ visible: true });
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('href', 'tel:211');
  await expect(call).toHaveText('Call 211');

  await nav.getByRole('link', { name: 'About Us', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).not.toHaveAttribute('open');
  await expect(nav.getByRole('link', { name: 'About Us', exact: true })).toBeHidden();
  await expect(toggle).toBeVisible();
  expectNoPageErrors(pageErrors);
});

test('the toggle closes the menu again', async ({ page }) => {
  await waitForHydration(page);
  const { nav, menu, toggle } = parts(page);
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Resources', exact: true })).toBeVisible();
  await toggle.click();
  await expect(menu).not.toHaveAttribute('open');
  await expect(nav.getByRole('link', { name: 'Resources', exact: true })).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu still opens and its links work', async ({ page }) => {
    const { nav, menu, toggle } = parts(page);
    await toggle.click();
    await expect(menu).toHaveAttribute('open', '');
    await nav.getByRole('link', { name: 'About Us', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(parts(page).menu).not.toHaveAttribute('open');
  });
});

test('Escape closes the open menu and puts focus back on the toggle (issue 11 point 4)', async ({ page }) => {
  await waitForHydration(page);
  const { nav, menu, toggle } = parts(page);
  await toggle.click();
  await expect(menu).toHaveAttribute('open', '');
  // Focus inside the panel, as after tabbing to an item.
  await nav.getByRole('link', { name: 'Resources', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(nav.getByRole('link', { name: 'Resources', exact: true })).toBeHidden();
  await expect(toggle).toBeFocused();
  // One Escape is not a quick exit.
  await page.waitForTimeout(1_200);
  await expect(page).toHaveURL(/\/$/);
});
