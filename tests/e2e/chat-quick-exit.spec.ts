// Quick exit forgets the visit. After it, Back and a fresh /chat show only a new
// welcome; the anonymous conversation is gone from the server; a signed-in tab is signed out.
// Runs at both widths. There is no internet here: the neutral site is answered on the context.
import type { BrowserContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { NEUTRAL_SITE, expect, test, waitForHydration } from './support.ts';
import { chatInput, chatLog, openChat, sendAndWait } from './chat-support.ts';
import { mainNav, signUp, uniqueUsername } from './accounts-support.ts';

const BEFORE_ELLIS = 'https://www.weather.gov/forecast-before-ellis';
const SAID = 'my boyfriend hits me';

async function fakeNeutralSite(context: BrowserContext): Promise<void> {
  await context.route('https://www.weather.gov/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Weather</title><p>neutral</p>' }),
  );
}

interface StoredConversation {
  id: string;
  token: string;
}

async function storedConversation(page: Page): Promise<StoredConversation | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('ellis.chat.public-conversation');
    return raw ? (JSON.parse(raw) as StoredConversation) : null;
  });
}

/** Only the welcome: one message, from Ellis, and nothing the visitor said. */
async function expectOnlyANewWelcome(page: Page): Promise<void> {
  await expect(chatLog(page).locator('.chat-bubble-ai').first()).toBeVisible({ timeout: 15_000 });
  await expect(chatLog(page).locator('.chat-row')).toHaveCount(1);
  await expect(chatLog(page).locator('.chat-row-user')).toHaveCount(0);
  await expect(page.getByText(SAID)).toHaveCount(0);
  await expect(chatInput(page)).toHaveValue('');
}

test.beforeEach(async ({ context }) => {
  await fakeNeutralSite(context);
});

const WAYS = [
  { how: 'Escape twice', next: 'new document' },
  { how: 'the Quick exit button', next: 'new document' },
  { how: 'Escape twice', next: 'in-page link' },
] as const;

for (const { how, next } of WAYS) {
  test(`after a chat, Quick exit by ${how} (${next}) then Back shows only a new welcome`, async ({ page, request }) => {
    await page.goto(BEFORE_ELLIS);
    await openChat(page);
    await sendAndWait(page, SAID);
    const conversation = await storedConversation(page);
    expect(conversation, 'the tab held the anonymous conversation').not.toBeNull();
    // A draft the visitor had started typing.
    await chatInput(page).fill('and he took my phone');
    // One more page of the same visit, loaded as a new document: Back returns to /chat, from the
    // browser's memory (back/forward cache) or from the server with the typed text put back.
    if (next === 'new document') {
      await page.goto('/about');
      await waitForHydration(page);
    } else {
      // The same document moves on: Back brings it back as it was left.
      await page.locator('footer a[href="/about"]').click();
      await expect(page).toHaveURL(/\/about$/);
    }

    if (how === 'Escape twice') {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    } else {
      await page.getByRole('link', { name: /^Quick exit\b/ }).click();
    }
    await page.waitForURL(NEUTRAL_SITE);

    // The server ended the conversation: its token opens nothing any more.
    await expect
      .poll(async () => (await request.get(`/api/chat/conversations/${conversation!.id}/messages`, { headers: { 'X-Conversation-Token': conversation!.token } })).status())
      .toBe(404);

    await page.goBack();
    await expect(page).toHaveURL(/\/chat$/);
    await waitForHydration(page);
    await expectOnlyANewWelcome(page);
    const fresh = await storedConversation(page);
    expect(fresh?.id, 'a new conversation, not the old one').not.toBe(conversation!.id);
    await expectNoAxeViolations(page, '/chat after Quick exit and Back');

    await page.goto('/chat');
    await waitForHydration(page);
    await expectOnlyANewWelcome(page);
  });
}

test('Quick exit signs a signed-in tab out', async ({ page, context }) => {
  await page.goto(BEFORE_ELLIS);
  await signUp(page, uniqueUsername('exit'));
  await page.goto('/chat');
  await waitForHydration(page);
  await expect(page.getByText('Private Chat')).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: /^Quick exit\b/ }).click();
  await page.waitForURL(NEUTRAL_SITE);
  await expect
    .poll(async () => (await context.cookies()).filter((cookie) => cookie.name === 'ellis_signed_in').length, { message: 'the signed-in hint cookie is gone' })
    .toBe(0);

  // Back returns to the dashboard of this visit: it is signed out.
  await page.goBack();
  await waitForHydration(page);
  await expect(mainNav(page).locator('a[href="/login"]').first()).toBeAttached({ timeout: 15_000 });
  await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await page.goto('/chat');
  await waitForHydration(page);
  await expect(page.getByText('Public Chat')).toBeVisible({ timeout: 15_000 });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
});
