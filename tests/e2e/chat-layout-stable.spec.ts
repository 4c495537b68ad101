// /chat opens without moving under the reader's finger: the badge's place is held, the loading box is
// the conversation window's size and the tip sits under the form (Lighthouse had measured a layout
// shift of 0.28 on a phone). On a phone the message box is on the first screen.
import { expect, test } from './support.ts';
import { chatInput, openChat } from './chat-support.ts';

test('/chat does not shift its layout while it opens, and the message box is on the first screen', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/chat');
  await openChat(page);
  await expect(page.locator('.chat-tip')).toBeVisible();
  // Two frames, so the observer has seen whatever the last render moved.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  const total = shifts.reduce((sum, value) => sum + value, 0);
  expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);

  const box = await chatInput(page).boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y + box.height <= viewport.height, `message box at ${JSON.stringify(box)}`).toBe(true);
});
