// WCAG 2.2 AA on the chat screens in use (accessibility.spec.ts scans them freshly loaded): a
// conversation with a crisis reply, the rate-limit notice, and the test chat with messages; at 375 px
// and 1280 px.
import { expect, test, waitForHydration } from './support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { openChat, sendAndWait } from './chat-support.ts';

test('/chat with a crisis reply has no axe violations', async ({ page }, testInfo) => {
  await openChat(page);
  await sendAndWait(page, 'I want to kill myself');
  await expect(page.locator('.chat-crisis-card')).toBeVisible();
  await expect(page.locator('.chat-crisis:not(.chat-crisis-card)')).toBeVisible();
  await expectNoAxeViolations(page, `/chat at ${testInfo.project.use.viewport?.width}px`);
  await page.getByRole('button', { name: 'Delete this conversation' }).click();
  await expectNoAxeViolations(page, `/chat delete confirmation at ${testInfo.project.use.viewport?.width}px`);
});

test('/chat with the rate-limit notice has no axe violations', async ({ page }) => {
  await page.route('**/api/chat/conversations/*/messages', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'application/json', body: '{"code":"over_request_rate_limit","message":"slow down"}' })
      : route.continue(),
  );
  await openChat(page);
  await page.getByRole('textbox', { name: 'Your message to Ellis' }).fill('hello');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const notice = page.getByRole('alert');
  await expect(notice).toContainText("You're sending messages faster than Ellis can answer.");
  await expect(notice.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  // The refused words go back into the input.
  await expect(page.getByRole('textbox', { name: 'Your message to Ellis' })).toHaveValue('hello');
  await expectNoAxeViolations(page, '/chat with the rate-limit notice');
});

test('/chat-test with messages has no axe violations', async ({ page }) => {
  await page.goto('/chat-test');
  await waitForHydration(page);
  await page.getByPlaceholder('Type your message...').fill('Hello');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.chat-bubble-ai')).toHaveCount(1, { timeout: 20_000 });
  await expectNoAxeViolations(page, '/chat-test with messages');
});
