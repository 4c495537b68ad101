// SPEC §2 Chat, anonymous: a temporary "Public Chat" with the 24-hour tip, a streamed reply with
// "Ellis is typing...", limits on the input, the conversation kept on reload in this tab only, and
// "Delete this conversation".
import { expect, expectNoPageErrors, test } from './support.ts';
import { chatInput, chatLog, openChat, sendAndWait, sendButton, streamingSeen, watchStreaming } from './chat-support.ts';

test('anonymous chat: badge, tip, typing indicator and a streamed reply', async ({ page, pageErrors }) => {
  await watchStreaming(page);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat with Ellis');
  await expect(page.locator('.chat-subtitle')).toContainText('Your AI-enhanced social worker');
  await openChat(page);
  await expect(page.locator('.chat-subtitle')).toContainText(/powered by \S/);
  await expect(page.locator('.chat-badge')).toHaveText('Public Chat');
  const tip = page.locator('.chat-tip');
  await expect(tip).toContainText('expires in 24 hours');
  await expect(tip.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/login');

  const input = chatInput(page);
  await expect(input).toHaveAttribute('placeholder', "Tell Ellis what you're going through...");
  await expect(sendButton(page)).toBeDisabled();
  await input.fill('    ');
  await expect(sendButton(page)).toBeDisabled();

  await input.fill('   I need somewhere to sleep tonight   ');
  await sendButton(page).click();
  await expect(input).toHaveValue('');
  const userBubble = chatLog(page).locator('.chat-bubble-user').last();
  await expect(userBubble.locator('.chat-bubble-text')).toHaveText('I need somewhere to sleep tonight');
  await expect(userBubble.locator('time')).toHaveText(/^\d{1,2}:\d{2} [AP]M$/);
  const reply = chatLog(page).locator('.chat-bubble-ai').nth(1);
  await expect(reply.locator('.chat-bubble-text')).not.toBeEmpty({ timeout: 20_000 });
  await expect(page.locator('.chat-typing')).toHaveCount(0);
  expect(await streamingSeen(page)).toEqual({ typing: true, partialWhileTyping: true });

  // Bubbles are at most 80% of the conversation's width.
  const logWidth = (await chatLog(page).boundingBox())!.width;
  for (const bubble of await chatLog(page).locator('.chat-bubble').all()) {
    expect((await bubble.boundingBox())!.width).toBeLessThanOrEqual(logWidth * 0.8 + 1);
  }
  // Links in a reply are only ever http(s).
  for (const link of await reply.getByRole('link').all()) {
    expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
  }
  expectNoPageErrors(pageErrors);
});

test('a reload keeps the anonymous conversation in this tab; another tab starts its own', async ({ page, context }) => {
  await openChat(page);
  await sendAndWait(page, 'Remember me after a reload');
  await page.reload();
  await expect(chatLog(page).locator('.chat-bubble-user')).toHaveText(/Remember me after a reload/, { timeout: 15_000 });

  // A page opened by the test has no hydration probe (see support.ts): wait for the welcome instead.
  const other = await context.newPage();
  await other.goto('/chat');
  await expect(chatLog(other).locator('.chat-bubble-ai').first()).toBeVisible({ timeout: 15_000 });
  await expect(chatLog(other).locator('.chat-bubble-user')).toHaveCount(0);
  await other.close();
});

test('a message over 4000 characters is refused with a clear error and not sent', async ({ page }) => {
  await openChat(page);
  await chatInput(page).fill('a'.repeat(4001));
  await expect(page.getByRole('alert')).toHaveText('Your message is too long (4,001 characters). Please keep it under 4,000 characters.');
  await expect(sendButton(page)).toBeDisabled();
  await chatInput(page).press('Enter');
  await expect(chatLog(page).locator('.chat-bubble-user')).toHaveCount(0);
  await chatInput(page).fill('a'.repeat(4000));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(sendButton(page)).toBeEnabled();
});

test('"Delete this conversation" removes it and starts a fresh one', async ({ page }) => {
  await openChat(page);
  await sendAndWait(page, 'Please forget this');
  await page.getByRole('button', { name: 'Delete this conversation' }).click();
  await expect(page.getByText('Delete this conversation and all its messages? This cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(chatLog(page).locator('.chat-bubble-ai')).toHaveCount(1, { timeout: 15_000 });
  await expect(chatLog(page).locator('.chat-bubble-user')).toHaveCount(0);
  await page.reload();
  await expect(chatLog(page).locator('.chat-bubble-ai')).toHaveCount(1, { timeout: 15_000 });
  await expect(chatLog(page)).not.toContainText('Please forget this');
});
