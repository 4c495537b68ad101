// Privacy: "Download my data" on the dashboard saves a JSON file with the account, bookmarks
// and conversations; "Delete my data" (deleting the account) is in the same section.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support.ts';
import { signUp, uniqueUsername } from './accounts-support.ts';

test('Download my data saves the account and bookmarks as JSON; Delete my account sits beside it', async ({ page }) => {
  const username = uniqueUsername('mydata');
  await signUp(page, username);
  const bookmarks = page.getByRole('region', { name: 'Your Bookmarks' });
  await bookmarks.getByRole('button', { name: 'Add Your First Bookmark' }).click();
  const form = bookmarks.getByRole('form', { name: 'Add a bookmark' });
  await form.getByLabel('Title').fill('Night shelter');
  await form.getByRole('button', { name: 'Save Bookmark' }).click();
  await expect(bookmarks.getByRole('heading', { name: 'Night shelter' })).toBeVisible();

  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('link', { name: 'How Ellis keeps your data private' })).toHaveAttribute('href', '/privacy');
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ellis-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.format).toBe('ellis-account-export');
  expect(data.account.username).toBe(username);
  expect(data.bookmarks.map((bookmark: { title: string }) => bookmark.title)).toEqual(['Night shelter']);
  expect(data.conversations).toEqual([]);
  await expect(section.getByRole('status')).toHaveText('Your data was downloaded.');

  await expect(section.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account' })).toBeVisible();
  const results = await new AxeBuilder({ page }).include('#your-data-heading').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
