// SPEC §2 Test chat: a plain chat through POST /api/ai-test-chat.
import { expect, expectNoPageErrors, test, waitForHydration } from './support.ts';

test('the test chat sends a message and shows the reply', async ({ page, pageErrors }) => {
  await page.goto('/chat-test');
  await waitForHydration(page);
  const input = page.getByPlaceholder('Type your message...');
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await input.fill('  Hello there  ');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(input).toHaveValue('');
  const log = page.getByRole('log', { name: 'Test conversation' });
  await expect(log.locator('.chat-bubble-user .chat-bubble-text')).toHaveText(['Hello there']);
  await expect(log.locator('.chat-bubble-ai .chat-bubble-text')).not.toBeEmpty({ timeout: 20_000 });
  await expect(page.getByRole('status')).toHaveCount(0);
  expectNoPageErrors(pageErrors);
});

test('the test chat shows the apology when the server fails', async ({ page }) => {
  await page.route('**/api/ai-test-chat', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"internal_error","message":"x"}' }));
  await page.goto('/chat-test');
  await waitForHydration(page);
  await page.getByPlaceholder('Type your message...').fill('hello');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.chat-bubble-ai .chat-bubble-text')).toHaveText('I apologize, but I encountered an error. Please try again.');
});
