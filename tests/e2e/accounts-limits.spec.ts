// In the browser: a common password refused at sign-up in plain words (the server's
// weak_password reason `pwned`), and the bookmark cap's 409 shown as the dashboard's own message.
import { expect, test } from './support.ts';
import { openLogin, passwordField, signUp, switchToSignUp, uniqueUsername, usernameField } from './accounts-support.ts';

test('sign-up with a common password: a plain message, and no account', async ({ page }) => {
  await openLogin(page);
  await switchToSignUp(page);
  await usernameField(page).fill(uniqueUsername('common'));
  // Meets every SPEC rule, and is among the first guesses of any spray.
  await passwordField(page).fill('Welcome2026now');
  await expect(page.getByText('This username is free.')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This password is too common or too easy to guess. Choose one that is harder to guess.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a new account');
});

test('the 1,000-bookmark cap reads as the dashboard message', async ({ page }) => {
  await signUp(page, uniqueUsername('keeper'));
  // A thousand real bookmarks are the server suite's job; here the server's answer is what matters.
  await page.context().route('**/api/bookmarks', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          // The code decides; the page shows its own catalog text, not the server's words.
          body: JSON.stringify({ code: 'bookmark_limit_reached', message: 'limit' }),
        })
      : route.fallback(),
  );
  const bookmarks = page.getByRole('region', { name: 'Your Bookmarks' });
  await bookmarks.getByRole('button', { name: 'Add Your First Bookmark' }).click();
  const form = bookmarks.getByRole('form', { name: 'Add a bookmark' });
  await form.getByLabel('Title').fill('One more shelter');
  await form.getByRole('button', { name: 'Save Bookmark' }).click();
  const alert = bookmarks.getByRole('alert');
  await expect(alert).toContainText('You can keep up to 1,000 bookmarks. Delete some to add new ones.');
  await expect(alert).not.toContainText('Failed to add bookmark');
});
