// SPEC §2 Chat, signed in: a "Private Chat" greeting the user by username, kept after a reload.
import { expect, expectNoPageErrors, test } from './support.ts';
import { signUp, uniqueUsername } from './accounts-support.ts';
import { chatLog, openChat, sendAndWait } from './chat-support.ts';

test('signed-in chat greets the user by name and keeps its history after a reload', async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  const username = uniqueUsername('chatter');
  await signUp(page, username);
  await page.getByRole('link', { name: 'Chat with Ellis' }).first().click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(chatLog(page).locator('.chat-bubble-ai').first()).toContainText(username, { timeout: 15_000 });
  await expect(page.locator('.chat-badge')).toHaveText('Private Chat');
  await expect(page.locator('.chat-tip')).toHaveCount(0);

  const reply = await sendAndWait(page, 'I was evicted last week');
  const replyText = (await reply.locator('.chat-bubble-text').textContent())?.trim() ?? '';
  expect(replyText).not.toBe('');

  await page.reload();
  await openChat(page);
  await expect(page.locator('.chat-badge')).toHaveText('Private Chat');
  await expect(chatLog(page).locator('.chat-bubble-user .chat-bubble-text')).toHaveText(['I was evicted last week']);
  await expect(chatLog(page).locator('.chat-bubble-ai .chat-bubble-text').nth(1)).toHaveText(replyText);
  expectNoPageErrors(pageErrors);
});
