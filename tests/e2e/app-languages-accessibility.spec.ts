// The app screens (sign in, voice, test chat) in every language other than English are axe clean
// (WCAG 2.2 AA) at 375 px and 1280 px (the two projects), and none is wider than a 320 px phone with
// the longer Spanish, Tagalog and Vietnamese words. English has its own suites. /chat is checked in
// each language by chat-languages.spec.ts inside the conversation it already opens: every chat page
// opened starts a conversation, and the whole run shares one address's budget of them.
import { expectNoAxeViolations } from './axe.ts';
import { expect, test, waitForHydration } from './support.ts';

const LANGUAGE_PREFIXES = ['/es', '/zh-Hant', '/tl', '/vi'] as const;
const APP_PATHS = ['/login', '/speak-with-ellis', '/chat-test'] as const;

for (const prefix of LANGUAGE_PREFIXES) {
  test(`${prefix}: the app screens have no axe violations`, async ({ page }, testInfo) => {
    for (const path of APP_PATHS) {
      await page.goto(`${prefix}${path}`);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('lang', prefix.slice(1));
      await expectNoAxeViolations(page, `${prefix}${path} at ${testInfo.project.use.viewport?.width}px`);
    }
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const prefix of LANGUAGE_PREFIXES) {
    test(`${prefix}: no app screen is wider than the screen`, async ({ page }) => {
      for (const path of APP_PATHS) {
        await page.goto(`${prefix}${path}`);
        await waitForHydration(page);
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
        expect(widths.page, `${prefix}${path} scrolls sideways`).toBeLessThanOrEqual(widths.screen);
      }
    });
  }

  // The chat screen's one-line crisis strip once pushed /es/chat and /tl/chat sideways. Checked once
  // (the viewport is the same in both projects) to spend only two of the run's conversations.
  test('the chat screen in the longest languages fits too', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the same 320 px check runs once, in the mobile project');
    for (const prefix of ['/es', '/tl'] as const) {
      await page.goto(`${prefix}/chat`);
      await waitForHydration(page);
      await expect(page.getByRole('textbox')).toBeVisible();
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page, `${prefix}/chat scrolls sideways`).toBeLessThanOrEqual(widths.screen);
    }
  });
});
