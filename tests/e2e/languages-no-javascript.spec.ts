// Issue 15 point 2: the pages of every language work without JavaScript: prerendered with their
// language, the other languages' addresses and a switcher; the choice is kept in a cookie; a first
// visit follows the browser's language; and the crisis numbers are never behind the choice.
import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';

test.use({ javaScriptEnabled: false });

const LANGUAGES = [
  { prefix: '', lang: 'en', name: 'English', heading: 'Resources', crisis: 'Call or text 988' },
  { prefix: '/es', lang: 'es', name: 'Español', heading: 'Recursos', crisis: 'Llame o envíe un texto al 988' },
  { prefix: '/zh-Hant', lang: 'zh-Hant', name: '繁體中文', heading: '資源', crisis: '致電或發短訊到 988' },
  { prefix: '/tl', lang: 'tl', name: 'Tagalog', heading: 'Mga Resource', crisis: 'Tumawag o mag-text sa 988' },
  { prefix: '/vi', lang: 'vi', name: 'Tiếng Việt', heading: 'Nguồn trợ giúp', crisis: 'Gọi hoặc nhắn tin đến 988' },
] as const;

const NAMES = LANGUAGES.map((language) => language.name);

async function openSwitcher(page: Page) {
  const switcher = page.locator('details.language-switcher');
  await switcher.locator(':scope > summary').click();
  await expect(switcher).toHaveAttribute('open', '');
  return switcher;
}

for (const language of LANGUAGES) {
  test(`${language.name}: /resources is whole, in its language, with the crisis numbers first`, async ({ page }) => {
    await page.goto(`${language.prefix}/resources`);
    await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(language.heading);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(6);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', '/resources');
    const crisis = page.locator('.crisis-strip a[href="tel:988"]');
    await expect(crisis).toHaveText(language.crisis);
    await expect(crisis).toBeVisible();

    // A search is a plain GET form, answered by the server in the same language.
    await page.locator('#resource-search').fill('food');
    await page.locator('.resources-search-submit').click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${language.prefix}/resources\\?q=food`));
    await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
    await expect(page.locator('.resources-link-name').first()).toHaveText('Food Pantries');
  });
}

test('the switcher names every language in its own language and keeps the choice', async ({ page, context }) => {
  await page.goto('/about');
  const switcher = await openSwitcher(page);
  const links = switcher.getByRole('link');
  await expect(links).toHaveText(NAMES);
  for (const language of LANGUAGES) {
    await expect(switcher.getByRole('link', { name: language.name, exact: true })).toHaveAttribute('lang', language.lang);
  }
  await expect(switcher.getByRole('link', { name: 'English', exact: true })).toHaveAttribute('aria-current', 'true');

  await switcher.getByRole('link', { name: 'Tiếng Việt', exact: true }).click();
  await expect(page).toHaveURL(/\/vi\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'ellis_lang')?.value).toBe('vi');

  // The choice is kept: the English address now opens the Vietnamese page, links stay Vietnamese.
  await page.goto('/resources');
  await expect(page).toHaveURL(/\/vi\/resources$/);
  await expect(page.locator('.nav-wide a[href="/vi/"], .nav-narrow-panel a[href="/vi/"]').first()).toBeAttached();

  // And English can be chosen back, over the cookie.
  await (await openSwitcher(page)).getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('with the switcher open, the crisis numbers are still in view and not covered', async ({ page }) => {
  await page.goto('/zh-Hant/');
  await openSwitcher(page);
  for (const number of ['988', '911']) {
    const link = page.locator(`.crisis-strip a[href="tel:${number}"]`);
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box).not.toBeNull();
    const topmost = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href') ?? null,
      { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
    );
    expect(topmost).toBe(`tel:${number}`);
  }
});

test.describe('a first visit', () => {
  test.use({ locale: 'zh-TW' });

  test('follows the browser’s language (zh-TW reads Traditional Chinese)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh-Hant\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  });
});

test.describe('a browser in a language Ellis does not have', () => {
  test.use({ locale: 'de-DE' });

  test('gets English', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
