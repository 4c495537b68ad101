// Decision 042: an anonymous conversation is not lost by creating an account. Signed in, /chat asks
// whether to save it to the account or delete it; signing out forgets it in the tab.
import type { Page } from '@playwright/test';
import { expect, expectNoPageErrors, test } from './support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { signUp, uniqueUsername } from './accounts-support.ts';
import { chatInput, chatLog, openChat, sendAndWait } from './chat-support.ts';

const STORAGE_KEY = 'ellis.chat.public-conversation';
const FIRST_WORDS = 'I have been sleeping in my car since Monday';

function storedConversation(page: Page): Promise<{ id: string; token: string } | null> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), STORAGE_KEY);
}

/** Chats anonymously, then follows the tip's link and creates an account in the same tab. */
async function chatThenSignUp(page: Page, username: string): Promise<{ id: string; token: string }> {
  await openChat(page);
  await expect(page.locator('.chat-badge')).toHaveText('Public Chat');
  await sendAndWait(page, FIRST_WORDS);
  const stored = await storedConversation(page);
  expect(stored).not.toBeNull();
  await page.locator('.chat-tip').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signUp(page, username);
  await page.getByRole('link', { name: 'Chat with Ellis' }).first().click();
  await expect(page).toHaveURL(/\/chat$/);
  return stored!;
}

function earlierPrompt(page: Page) {
  return page.getByRole('region', { name: 'You chatted with Ellis before you logged in.' });
}

test('saving the anonymous conversation to the new account keeps what was said, also after a reload', async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  const username = uniqueUsername('keeper');
  await chatThenSignUp(page, username);

  const prompt = earlierPrompt(page);
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(prompt.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(prompt).toContainText('Save that conversation to your account?');
  await expect(page.locator('.chat-badge')).toHaveText('Private Chat');
  await expectNoAxeViolations(page, '/chat with the keep-your-chat prompt');

  await prompt.getByRole('button', { name: 'Save it to my account' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(chatInput(page)).toBeFocused();
  await expect(chatLog(page).locator('.chat-bubble-user .chat-bubble-text')).toHaveText([FIRST_WORDS]);
  // The personal welcome replaces the one that said the chat was temporary.
  await expect(chatLog(page).locator('.chat-bubble-ai').first()).toContainText(username);
  await expect(chatLog(page)).not.toContainText('temporary');
  expect(await storedConversation(page)).toBeNull();

  await page.reload();
  await openChat(page);
  await expect(page.locator('.chat-badge')).toHaveText('Private Chat');
  await expect(chatLog(page).locator('.chat-bubble-user .chat-bubble-text')).toHaveText([FIRST_WORDS]);
  await expect(earlierPrompt(page)).toHaveCount(0);
  expectNoPageErrors(pageErrors);
});

test('"No, delete it" deletes the anonymous conversation and leaves the account\'s own', async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  const username = uniqueUsername('deleter');
  const anonymous = await chatThenSignUp(page, username);

  const prompt = earlierPrompt(page);
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await prompt.getByRole('button', { name: 'No, delete it' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(chatInput(page)).toBeFocused();
  await expect(chatLog(page).locator('.chat-bubble-user')).toHaveCount(0);
  await expect(chatLog(page).locator('.chat-bubble-ai').first()).toContainText(username);
  expect(await storedConversation(page)).toBeNull();
  const gone = await page.request.get(`/api/chat/conversations/${anonymous.id}/messages`, { headers: { 'X-Conversation-Token': anonymous.token } });
  expect(gone.status()).toBe(404);

  await page.reload();
  await openChat(page);
  await expect(earlierPrompt(page)).toHaveCount(0);
  await expect(chatLog(page).locator('.chat-bubble-user')).toHaveCount(0);
  expectNoPageErrors(pageErrors);
});

test('signing out forgets the anonymous conversation the tab still held', async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  const anonymous = await chatThenSignUp(page, uniqueUsername('leaver'));
  await expect(earlierPrompt(page)).toBeVisible({ timeout: 15_000 });
  expect(await storedConversation(page)).toEqual(expect.objectContaining({ id: anonymous.id }));

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The chat screen, still open while signing out, may already have started a new anonymous one.
  expect((await storedConversation(page))?.id).not.toBe(anonymous.id);
  await openChat(page);
  await expect(page.locator('.chat-badge')).toHaveText('Public Chat');
  await expect(chatLog(page).locator('.chat-bubble-user')).toHaveCount(0);
  expect((await storedConversation(page))?.id).not.toBe(anonymous.id);
  expectNoPageErrors(pageErrors);
});
