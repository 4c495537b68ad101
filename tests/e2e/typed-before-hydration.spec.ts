// On a slow phone people type before the page's script has run. What they typed must count once it
// has: Send becomes usable with their words, and a search uses them.
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support.ts';

/** Holds every script until `release` is called (so DOMContentLoaded waits too: module scripts are deferred). */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the test chat keeps a message typed before its script ran, and sends it', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/chat-test', { waitUntil: 'commit' });
  await page.getByPlaceholder('Type your message...').fill('Hello before the script');
  release();
  await waitForHydration(page);
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  await send.click();
  const log = page.getByRole('log', { name: 'Test conversation' });
  await expect(log.locator('.chat-bubble-user .chat-bubble-text')).toHaveText(['Hello before the script']);
});

test('a search typed before the script ran filters the directory once it runs', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/resources', { waitUntil: 'commit' });
  await page.getByRole('searchbox').fill('food bank');
  release();
  await waitForHydration(page);
  await expect(page.getByRole('searchbox')).toHaveValue('food bank');
  await expect(page).toHaveURL(/[?&]q=food(\+|%20)bank/);
});
