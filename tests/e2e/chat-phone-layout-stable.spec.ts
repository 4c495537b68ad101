// /chat on a phone is a messaging screen. At 375×740 the message list gets at
// least half the screen, the crisis strip is one line (and its links still work), the message box
// is on the first screen and stays visible with the on-screen keyboard, and the page does not grow
// as replies arrive. Runs at both widths (the name ends in layout-stable.spec.ts).
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './support.ts';
import { chatInput, chatLog, openChat, sendAndWait } from './chat-support.ts';

test('the message list, the compact crisis strip and the message box share the first screen', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone layout; the desktop run checks the page height below');
  await openChat(page);
  const viewport = page.viewportSize()!;
  const log = (await chatLog(page).boundingBox())!;
  expect(log.height, `message list ${log.height}px of ${viewport.height}px`).toBeGreaterThanOrEqual(viewport.height / 2);

  const strip = page.locator('.crisis-strip');
  const lineHeights = await strip.evaluate((element) => {
    const rows = new Set([...element.querySelectorAll('a')].map((link) => Math.round(link.getBoundingClientRect().top)));
    return rows.size;
  });
  expect(lineHeights, 'crisis strip links on one line').toBe(1);
  const topBar = (await page.locator('.top-bar').boundingBox())!;
  expect(topBar.height, 'top bar height').toBeLessThanOrEqual(52);
  await expect(strip.locator('a[href="tel:988"]')).toBeVisible();
  await expect(strip.locator('a[href="tel:911"]')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Quick exit\b/ })).toBeInViewport();

  const input = (await chatInput(page).boundingBox())!;
  expect(input.y + input.height, 'message box on the first screen').toBeLessThanOrEqual(viewport.height);

  // The on-screen keyboard takes about 300px: the box stays in view once focused.
  await page.setViewportSize({ width: viewport.width, height: viewport.height - 300 });
  await chatInput(page).focus();
  // (0.99: the box's bottom edge may fall on a fraction of a pixel.)
  await expect(chatInput(page)).toBeInViewport({ ratio: 0.99 });
  await page.setViewportSize(viewport);
  await expectNoAxeViolations(page, '/chat on a phone');
});

test('the page does not grow as replies with links arrive', async ({ page }) => {
  test.setTimeout(90_000);
  await openChat(page);
  const heightBefore = await page.evaluate(() => document.documentElement.scrollHeight);
  // Asking for places brings replies with links (each with a hidden "(opens in a new tab)").
  for (const text of ['I need food', 'I need a place to sleep tonight', 'I need a doctor', 'I need a job', 'I need legal help']) {
    await sendAndWait(page, text);
  }
  const links = chatLog(page).locator('.chat-bubble-ai a[href^="http"]');
  expect(await links.count(), 'replies carry links').toBeGreaterThan(0);
  for (const link of await links.all()) await expect(link).not.toHaveText(/^https?:/);
  const heightAfter = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(heightAfter, `page height ${heightBefore}px before, ${heightAfter}px after five replies`).toBeLessThanOrEqual(heightBefore + 2);
  await expectNoAxeViolations(page, '/chat after five replies');
});
