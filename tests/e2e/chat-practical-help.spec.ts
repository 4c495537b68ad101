// Through the real server: the built-in guide answers with the directory (the
// shipped nine-county set), the person's place, asked once, and the how-to guides.
import { chatLog, openChat, sendAndWait } from './chat-support.ts';
import { expect, expectNoPageErrors, test } from './support.ts';

test('nowhere to sleep tonight in Oakland: Alameda County first, and how to reach it now', async ({ page, pageErrors }) => {
  await openChat(page);
  const reply = await sendAndWait(page, 'I got evicted and have nowhere to sleep tonight in Oakland');
  const text = reply.locator('.chat-bubble-text');
  await expect(text).toContainText('In Alameda County, near Oakland, for tonight');
  await expect(text).toContainText('Shelter and Coordinated Entry in Alameda County');
  await expect(text).toContainText('dial 211, day or night');
  await expect(text).not.toContainText('evicted');
  await expect(text).not.toContainText('San Francisco');
  expectNoPageErrors(pageErrors);
});

test('where can I get food: one question for the place, then food near it; how-to gets steps with named links', async ({ page, pageErrors }) => {
  await openChat(page);
  const question = await sendAndWait(page, 'where can I get food');
  await expect(question.locator('.chat-bubble-text')).toContainText('What city, neighborhood or ZIP code are you in?');

  const answer = await sendAndWait(page, 'Hayward');
  await expect(answer.locator('.chat-bubble-text')).toContainText('In Alameda County, near Hayward, for food');
  await expect(answer.locator('.chat-bubble-text')).not.toContainText('?');

  const steps = await sendAndWait(page, 'how do I apply for food stamps');
  await expect(steps.locator('.chat-bubble-text')).toContainText('1. Apply online at BenefitsCal');
  // The source is a link named by the source, not a raw address.
  await expect(steps.getByRole('link', { name: /^BenefitsCal/ })).toHaveAttribute('href', 'https://benefitscal.com/');
  await expect(chatLog(page)).not.toContainText('](https://');
  expectNoPageErrors(pageErrors);
});
