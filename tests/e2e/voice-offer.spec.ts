// The site offers a voice call only when the server can recognise speech; the
// volume ring never covers the status text on a phone.
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { test, expect, startServer, trackHydration, waitForHydration, type RunningServer } from './support.ts';
import { signUp, uniqueUsername } from './accounts-support.ts';

const VOICE_PATH = '/speak-with-ellis';

test.describe('a server without speech recognition (STT_PROVIDER=none)', () => {
  test.describe.configure({ mode: 'default' });
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ STT_PROVIDER: 'none' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  async function pageOn(browser: Browser, width: number): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 800 } });
    await trackHydration(context);
    return context.newPage();
  }

  for (const path of ['/', '/about', '/resources', '/chat', '/privacy', '/no-such-page']) {
    test(`${path} offers no voice call anywhere (nav, hero, footer)`, async ({ browser }) => {
      const page = await pageOn(browser, 1280);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator(`a[href="${VOICE_PATH}"]`)).toHaveCount(0);
      await expect(page.getByText('Speak with Ellis', { exact: true })).toHaveCount(0);
      await expect(page.getByText('Talk by voice', { exact: true })).toHaveCount(0);
      // The other ways stay.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat with Ellis' })).toBeVisible();
      await page.context().close();
    });
  }

  test('the dashboard offers call and chat but no voice call', async ({ browser }) => {
    const page = await pageOn(browser, 1280);
    await signUp(page, uniqueUsername('novoice'));
    const actions = page.getByRole('group', { name: 'Talk with Ellis' });
    await expect(actions.getByRole('link', { name: 'Chat with Ellis' })).toBeVisible();
    await expect(page.locator(`a[href="${VOICE_PATH}"]`)).toHaveCount(0);
    await page.context().close();
  });

  for (const width of [375, 1280]) {
    test(`the voice page explains and offers chat and phone at ${width}px`, async ({ browser }) => {
      const page = await pageOn(browser, width);
      await page.goto(VOICE_PATH);
      await waitForHydration(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2, name: 'Voice calls are not available here' })).toBeVisible();
      await expect(main.getByText("This site has no speech-to-text engine set up, so Ellis can't understand speech.", { exact: false })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Start Call' })).toHaveCount(0);
      await expect(main.getByRole('link', { name: 'Message Ellis' })).toHaveAttribute('href', '/chat');
      await expect(main.locator('a[href="tel:211"]')).toBeVisible();
      await expectNoAxeViolations(page, `the voice page without speech recognition at ${width}px`);
      await page.context().close();
    });
  }
});

test.describe('the volume ring on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('at full volume the ring stays clear of the status text', async ({ page }) => {
    await page.goto(VOICE_PATH);
    await waitForHydration(page);
    // The loudest state the call can show: the ring's variables set as the page sets them.
    const ring = page.locator('.voice-call-ring');
    await ring.evaluate((element: HTMLElement) => {
      element.dataset.status = 'connected';
      element.dataset.volumeBand = 'high';
      element.style.setProperty('--voice-volume', '1');
      element.style.transition = 'none';
    });
    const { ringBottom, shadow, statusTop } = await page.evaluate(() => {
      const ringElement = document.querySelector<HTMLElement>('.voice-call-ring')!;
      const spread = /(-?[\d.]+)px\s*$/.exec(getComputedStyle(ringElement).boxShadow.replace(/^rgba?\([^)]*\)\s*/, ''));
      return {
        ringBottom: ringElement.getBoundingClientRect().bottom,
        shadow: Number(spread?.[1] ?? Number.NaN),
        statusTop: document.querySelector('.voice-status')!.getBoundingClientRect().top,
      };
    });
    expect(shadow, 'box-shadow spread at full volume').toBeCloseTo(18, 0);
    expect(ringBottom + shadow, `ring bottom ${ringBottom} + shadow ${shadow} vs status top ${statusTop}`).toBeLessThanOrEqual(statusTop);
  });
});
