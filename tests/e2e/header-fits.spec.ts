// The header stays one row at 1280 and 1440 px, signed in, with DONATE_URL set;
// the home page's three action buttons do not leave one alone on a row at 1280 px.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { test, expect, startServer, trackHydration, waitForHydration, type RunningServer } from './support.ts';
import { signUp, uniqueUsername } from './accounts-support.ts';

test.describe('with DONATE_URL, signed in', () => {
  test.describe.configure({ mode: 'default' });
  let server: RunningServer;

  test.beforeAll(async () => {
    // A number only so the call buttons read "Call Ellis", the longer label; nothing dials it.
    server = await startServer({ DONATE_URL: 'https://example.org/donate', ELLIS_PHONE_NUMBER: '+14155550123' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('the header is one row at 1280 and 1440 px (and at the narrowest width that shows it whole)', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await trackHydration(context);
    const page = await context.newPage();
    await signUp(page, uniqueUsername('header'));
    // 1201 px: just above the 75rem breakpoint where the menu takes over.
    for (const width of [1201, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const nav = page.locator('.nav-wide');
      await expect(nav).toBeVisible();
      await expect(nav.getByRole('link', { name: /^Donate/ })).toBeVisible();
      for (const name of ['Home', 'About Us', 'Resources', 'Dashboard', 'Chat with Ellis', 'Speak with Ellis']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
      const rows = await page.evaluate(() => {
        const items = [...document.querySelectorAll<HTMLElement>('.nav-wide li, .site-header .brand')];
        return [...new Set(items.map((item) => Math.round(item.getBoundingClientRect().top + item.getBoundingClientRect().height / 2)))];
      });
      const header = (await page.locator('.site-header').boundingBox())!;
      expect(new Set(rows.map((middle) => Math.round(middle / 8))).size, `item middles at ${width}px: ${rows.join(', ')}`).toBe(1);
      expect(header.height, `header height at ${width}px`).toBeLessThanOrEqual(72);
      const overflow = await page.evaluate(() => {
        const inner = document.querySelector('.header-inner')!;
        return { scroll: inner.scrollWidth, client: inner.clientWidth, page: document.documentElement.scrollWidth - document.documentElement.clientWidth };
      });
      expect(overflow.scroll, `header content ${overflow.scroll}px in ${overflow.client}px at ${width}px`).toBeLessThanOrEqual(overflow.client);
      expect(overflow.page, 'no sideways scroll').toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `the signed-in header with Donate at ${width}px`);
    }
    await context.close();
  });

  test('the three hero buttons ("Call Ellis") share one row at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await expectHeroButtonsInOneRow(page);
  });
});

async function expectHeroButtonsInOneRow(page: Page): Promise<void> {
  const tops = await page.locator('.home-actions > li').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(tops).toHaveLength(3);
  expect(new Set(tops).size, `button tops: ${tops.join(', ')}`).toBe(1);
}

test('the three hero buttons ("Call 211") share one row at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForHydration(page);
  await expectHeroButtonsInOneRow(page);
});
