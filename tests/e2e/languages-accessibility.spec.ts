// Issue 15: every public page in every language is axe clean (WCAG 2.2 AA) at 375 px and 1280 px
// (the two projects), with the language switcher open too, and nothing is wider than a 320 px phone
// with the longer Tagalog and Vietnamese words.
import { expectNoAxeViolations } from './axe.ts';
import { expect, test, waitForHydration } from './support.ts';

const LANGUAGE_PREFIXES = ['', '/es', '/zh-Hant', '/tl', '/vi'] as const;
const PUBLIC_PATHS = ['/', '/about', '/resources', '/privacy'] as const;

const address = (prefix: string, path: string) => (prefix === '' ? path : path === '/' ? `${prefix}/` : `${prefix}${path}`);

for (const prefix of LANGUAGE_PREFIXES) {
  for (const path of PUBLIC_PATHS) {
    const url = address(prefix, path);
    test(`${url} has no axe violations`, async ({ page }, testInfo) => {
      await page.goto(url);
      await waitForHydration(page);
      await expectNoAxeViolations(page, `${url} at ${testInfo.project.use.viewport?.width}px`);
    });
  }

  test(`${prefix || 'English'}: the language switcher, opened, has no axe violations`, async ({ page }, testInfo) => {
    await page.goto(address(prefix, '/'));
    await waitForHydration(page);
    const switcher = page.locator('details.language-switcher');
    await switcher.locator(':scope > summary').click();
    await expect(switcher).toHaveAttribute('open', '');
    await expectNoAxeViolations(page, `${prefix || '/'} with the switcher open at ${testInfo.project.use.viewport?.width}px`);
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const prefix of ['/tl', '/vi', '/es', '/zh-Hant'] as const) {
    test(`${prefix}: no public page is wider than the screen`, async ({ page }) => {
      for (const path of PUBLIC_PATHS) {
        await page.goto(address(prefix, path));
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
        expect(widths.page, `${prefix}${path} scrolls sideways`).toBeLessThanOrEqual(widths.screen);
        // The header's brand, switcher and menu toggle stay on one row, inside the screen.
        for (const selector of ['.brand', '.language-toggle', '.menu-toggle', '.quick-exit']) {
          const box = await page.locator(selector).filter({ visible: true }).first().boundingBox();
          expect(box, `${selector} on ${prefix}${path}`).not.toBeNull();
          expect((box?.x ?? 0) + (box?.width ?? 0), `${selector} on ${prefix}${path}`).toBeLessThanOrEqual(320);
        }
      }
    });
  }
});

test.describe('on a wide screen', () => {
  test('the header, with the switcher, stays one row in every language from where it is whole', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'a desktop layout');
    for (const prefix of LANGUAGE_PREFIXES) {
      await page.goto(address(prefix, '/about'));
      // 1201 px is just above the 75rem breakpoint where the menu takes over; Tagalog's and
      // Vietnamese's is 85rem.
      for (const width of prefix === '/tl' || prefix === '/vi' ? [1361, 1440] : [1201, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.locator('.nav-wide')).toBeVisible();
        const middles = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.nav-wide li, .site-header .brand, .language-toggle')].map((item) =>
            Math.round((item.getBoundingClientRect().top + item.getBoundingClientRect().height / 2) / 8),
          ),
        );
        expect(new Set(middles).size, `${prefix || 'English'} header rows at ${width}px`).toBe(1);
        const overflow = await page.evaluate(() => {
          const inner = document.querySelector('.header-inner');
          return (inner?.scrollWidth ?? 0) - (inner?.clientWidth ?? 0);
        });
        expect(overflow, `${prefix || 'English'} header overflow at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
