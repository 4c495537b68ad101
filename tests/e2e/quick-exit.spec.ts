// The quick exit (DESIGN §1, "a person in crisis comes first"): one tap, or Escape twice, swaps the
// site for a neutral one and keeps the Ellis page out of the Back button's history.
// There is no internet here: the neutral site is answered by a route on the browser context.
import type { BrowserContext, Page } from '@playwright/test';
import { NEUTRAL_SITE, PAGES, expect, expectNoPageErrors, test, waitForHydration } from './support.ts';

/** A page of the neutral site visited before Ellis, so Back has somewhere to go. */
const BEFORE_ELLIS = 'https://www.weather.gov/forecast-before-ellis';

async function fakeNeutralSite(context: BrowserContext): Promise<void> {
  await context.route('https://www.weather.gov/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Weather</title><p>neutral</p>' }),
  );
}

/** Opens an Ellis page with a neutral page before it in this tab's history. */
async function openEllisPage(page: Page, path: string): Promise<string> {
  await page.goto(BEFORE_ELLIS);
  await page.goto(path);
  await waitForHydration(page);
  return page.url();
}

async function expectLeftWithoutTrace(page: Page, ellisUrl: string): Promise<void> {
  await page.waitForURL(NEUTRAL_SITE);
  expect(page.url()).toBe(NEUTRAL_SITE);
  await expect(page.locator('body')).toHaveText('neutral');
  // The exit replaced the Ellis page in history: Back skips it.
  await page.goBack();
  expect(page.url(), 'Back must not return to the Ellis page').not.toBe(ellisUrl);
  expect(page.url()).toBe(BEFORE_ELLIS);
}

test.beforeEach(async ({ context }) => {
  await fakeNeutralSite(context);
});

for (const path of PAGES) {
  test(`"Quick exit" on ${path} leaves for the neutral site and out of history`, async ({ page, pageErrors }) => {
    const ellisUrl = await openEllisPage(page, path);
    const link = page.getByRole('link', { name: /^Quick exit\b/ });
    await expect(link).toHaveCount(1);
    await expect(link).toBeVisible();
    await expect(link).toContainText('Quick exit');
    await expect(link).toHaveAttribute('href', NEUTRAL_SITE);
    await expect(link).toBeInViewport();

    await link.click();
    await expectLeftWithoutTrace(page, ellisUrl);
    expectNoPageErrors(pageErrors);
  });
}

test('pressing Escape twice quickly leaves for the neutral site and out of history', async ({ page }) => {
  const ellisUrl = await openEllisPage(page, '/');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expectLeftWithoutTrace(page, ellisUrl);
});

test('pressing Escape twice from inside the page content also leaves', async ({ page }) => {
  const ellisUrl = await openEllisPage(page, '/about');
  await page.getByRole('main').focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expectLeftWithoutTrace(page, ellisUrl);
});

test('pressing Escape once, right as the page opens, does not leave', async ({ page }) => {
  // The page's clock stands still just after it opens, so the press lands in its first second
  // whatever the speed of this machine (a "last press" that starts at time 0 must not count): the
  // page's performance.now() is the time since install, paused at 900 ms, inside the 1 s window.
  // The installed clock runs in real time until paused, and pausing 300 ms after it failed once in
  // CI under load ("Cannot fast-forward to the past"); 900 ms leaves three times the room.
  await page.clock.install({ time: new Date('2030-01-15T09:00:00Z') });
  await page.clock.pauseAt(new Date('2030-01-15T09:00:00.900Z'));
  const ellisUrl = await openEllisPage(page, '/');
  await page.keyboard.press('Escape');
  await page.waitForTimeout(1_500);
  expect(page.url()).toBe(ellisUrl);
  await expect(page.getByRole('link', { name: /^Quick exit\b/ })).toBeVisible();
});

test('pressing Escape once does not leave', async ({ page }) => {
  const ellisUrl = await openEllisPage(page, '/');
  await page.keyboard.press('Escape');
  // Longer than any "quick double press" window: nothing may happen after a single press.
  await page.waitForTimeout(1_500);
  expect(page.url()).toBe(ellisUrl);
  await expect(page.getByRole('link', { name: /^Quick exit\b/ })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('"Quick exit" is still a link to the neutral site', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('link', { name: /^Quick exit\b/ });
    await expect(link).toBeVisible();
    await link.click();
    await page.waitForURL(NEUTRAL_SITE);
    await expect(page.locator('body')).toHaveText('neutral');
  });
});
