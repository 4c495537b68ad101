// Privacy: /privacy says what Ellis keeps, for how long and how to delete it; it is linked from
// every page's footer, prerendered (whole without JavaScript) and axe-clean at both widths.
import { expect, test, waitForHydration } from './support.ts';
import { expectNoAxeViolations } from './axe.ts';

test('the footer links to /privacy, which says what is kept, for how long and how to delete it', async ({ page }) => {
  await page.goto('/about');
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Your privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page).toHaveTitle('Your privacy — Ellis');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your privacy');
  const main = page.getByRole('main');
  await expect(main.getByText('We delete them after 24 hours.', { exact: false })).toBeVisible();
  await expect(main.getByText('We never save the sound of your voice.', { exact: false })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'What we save on your device' })).toBeVisible();
  await expect(main.getByText('we save two small files, called cookies, in your browser.', { exact: false })).toBeVisible();
  const table = main.getByRole('table', { name: 'How long each kind of data is kept' });
  await expect(table.getByRole('row', { name: 'Chats without an account 24 hours' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Your account, bookmarks and saved chats Until you delete them' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'The sound of your voice Never kept' })).toBeVisible();
  await expect(main.getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988');
  await main.getByRole('link', { name: 'Go to your Dashboard' }).click();
  // Signed out, the dashboard sends the visitor to log in.
  await expect(page).toHaveURL(/\/login$/);
});

test('/privacy is whole without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your privacy');
  await expect(page.getByRole('heading', { name: 'How to see or delete your data' })).toBeVisible();
  await expect(page.getByText('Press "Download my data" to get a copy of all we keep about you.')).toBeVisible();
  await context.close();
});

test('/privacy has no axe violations', async ({ page }) => {
  await page.goto('/privacy');
  await waitForHydration(page);
  await expectNoAxeViolations(page, '/privacy');
});
