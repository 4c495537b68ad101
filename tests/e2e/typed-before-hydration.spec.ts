// On a slow phone people type before the page's script has run. What they typed must count once it
// has: Send becomes usable with their words, and a search uses them.
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support.ts';

/**
 * Opens `path` with every script held back (so DOMContentLoaded waits too: module scripts are
 * deferred), lets `typeEarly` work on the bare page, then lets the scripts run and waits for them.
 */
async function typeBeforeScripts(page: Page, path: string, typeEarly: () => Promise<void>): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await typeEarly();
  release();
  await waitForHydration(page);
}

test('the test chat keeps a message typed before its script ran, and sends it', async ({ page }) => {
  await typeBeforeScripts(page, '/chat-test', () => page.getByPlaceholder('Type your message...').fill('Hello before the script'));
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  await send.click();
  const log = page.getByRole('log', { name: 'Test conversation' });
  await expect(log.locator('.chat-bubble-user .chat-bubble-text')).toHaveText(['Hello before the script']);
});

test('a search typed before the script ran filters the directory once it runs', async ({ page }) => {
  await typeBeforeScripts(page, '/resources', () => page.getByRole('searchbox').fill('food bank'));
  await expect(page.getByRole('searchbox')).toHaveValue('food bank');
  await expect(page).toHaveURL(/[?&]q=food(\+|%20)bank/);
});
