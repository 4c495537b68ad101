// SPEC §2 Login and Dashboard, end to end against the built-in auth server: sign up → recovery code →
// dashboard → add, edit, cancel, search and delete bookmarks → logout → sign in again.
import { expect, expectNoPageErrors, test, waitForHydration } from './support.ts';
import { GOOD_PASSWORD, logOut, mainNav, openLogin, passwordField, signIn, signUp, uniqueUsername, usernameField } from './accounts-support.ts';

/** SPEC §9 date display, in the browser's time zone (playwright.config.ts: America/Los_Angeles). */
const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Los_Angeles' }).format(new Date());

test('sign up, manage bookmarks, log out and sign in again', async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  const username = uniqueUsername('journey');
  await signUp(page, username);

  // Welcome line, user id, the ways to talk with Ellis; the nav now offers Dashboard and Logout.
  await expect(page.getByText(/^User ID: [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)).toBeVisible();
  const talk = page.getByRole('group', { name: 'Talk with Ellis' });
  await expect(talk.locator('a[href="tel:211"]')).toHaveText('Call 211');
  await expect(talk.getByRole('link', { name: 'Chat with Ellis' })).toHaveAttribute('href', '/chat');
  await expect(talk.getByRole('link', { name: 'Speak with Ellis' })).toHaveAttribute('href', '/speak-with-ellis');
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true }).filter({ visible: true })).toHaveAttribute('href', '/dashboard');
  await expect(nav.getByRole('button', { name: 'Logout' }).filter({ visible: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

  // Empty state; no search box while there is nothing to search.
  const bookmarks = page.getByRole('region', { name: 'Your Bookmarks' });
  await expect(bookmarks.getByText('No bookmarks saved yet.', { exact: true })).toBeVisible();
  await expect(bookmarks.getByRole('searchbox', { name: 'Search bookmarks' })).toHaveCount(0);
  const addButton = bookmarks.getByRole('button', { name: 'Add Bookmark', exact: true });

  // First bookmark through "Add Your First Bookmark": the add button is disabled while the form is open.
  await bookmarks.getByRole('button', { name: 'Add Your First Bookmark' }).click();
  await expect(addButton).toBeDisabled();
  const form = bookmarks.getByRole('form', { name: 'Add a bookmark' });
  const save = form.getByRole('button', { name: 'Save Bookmark' });
  await expect(save).toBeDisabled(); // no title yet
  await form.getByLabel('Title').fill('Food bank hours');
  const url = form.getByLabel('Web address (optional)');
  await url.fill('not a url');
  await url.blur();
  await expect(url).toHaveValue('https://not a url');
  await expect(form.getByText('Please enter a valid URL', { exact: true })).toBeVisible();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await url.fill('sfmfoodbank.org/find-food');
  await url.blur();
  await expect(url).toHaveValue('https://sfmfoodbank.org/find-food');
  await expect(form.getByText('Please enter a valid URL', { exact: true })).toHaveCount(0);
  await form.getByLabel('Description (optional)').fill('Pantry on Tuesdays and Thursdays');
  await save.click();
  await expect(form).toHaveCount(0);
  await expect(addButton).toBeEnabled();

  const cards = bookmarks.getByRole('listitem');
  await expect(cards).toHaveCount(1);
  // Cards are located by position below: in edit mode a card's title is an input value, not text.
  let foodBank = cards.first();
  await expect(foodBank.getByRole('link', { name: /^Food bank hours/ })).toHaveAttribute('href', 'https://sfmfoodbank.org/find-food');
  await expect(foodBank.getByRole('link', { name: /^Food bank hours/ })).toHaveAttribute('target', '_blank');
  await expect(foodBank.getByText('Pantry on Tuesdays and Thursdays')).toBeVisible();
  await expect(foodBank.getByText(`Added ${today}`, { exact: true })).toBeVisible();

  // Second bookmark with the Add Bookmark button: a url typed without a scheme gets https:// on save.
  await addButton.click();
  await form.getByLabel('Title').fill('Shelter intake line');
  await form.getByLabel('Web address (optional)').fill('hsh.sfgov.org');
  await form.getByLabel('Description (optional)').fill('Call before 5pm');
  await form.getByRole('button', { name: 'Save Bookmark' }).click();
  await expect(cards).toHaveCount(2);
  // Newest first.
  await expect(cards.first()).toContainText('Shelter intake line');
  await expect(cards.first().getByRole('link', { name: /^Shelter intake line/ })).toHaveAttribute('href', 'https://hsh.sfgov.org');
  foodBank = cards.nth(1);
  await expect(foodBank).toContainText('Food bank hours');

  // Two columns on a wide screen.
  const [firstBox, secondBox] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(firstBox && secondBox && Math.abs(firstBox.y - secondBox.y) < 2 && secondBox.x > firstBox.x + firstBox.width - 1).toBe(true);

  // Edit, then Cancel: the original values come back.
  await foodBank.getByRole('button', { name: 'Edit Food bank hours' }).click();
  const editTitle = foodBank.getByLabel('Title');
  await expect(editTitle).toBeFocused();
  await expect(editTitle).toHaveValue('Food bank hours');
  await editTitle.fill('Something else');
  await foodBank.getByLabel('Description (optional)').fill('Changed my mind');
  await foodBank.getByRole('button', { name: 'Cancel' }).click();
  await expect(foodBank.getByRole('link', { name: /^Food bank hours/ })).toBeVisible();
  await expect(foodBank.getByText('Pantry on Tuesdays and Thursdays')).toBeVisible();
  await expect(bookmarks.getByText('Changed my mind')).toHaveCount(0);
  await foodBank.getByRole('button', { name: 'Edit Food bank hours' }).click();
  await expect(foodBank.getByLabel('Title')).toHaveValue('Food bank hours');
  await expect(foodBank.getByLabel('Description (optional)')).toHaveValue('Pantry on Tuesdays and Thursdays');

  // Edit and Save.
  await foodBank.getByLabel('Title').fill('SF-Marin Food Bank');
  await foodBank.getByLabel('Description (optional)').fill('Pantry on Tuesdays');
  await foodBank.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(foodBank.getByRole('button', { name: 'Edit SF-Marin Food Bank' })).toBeFocused();
  await expect(foodBank.getByRole('link', { name: /^SF-Marin Food Bank/ })).toHaveAttribute('href', 'https://sfmfoodbank.org/find-food');
  await expect(foodBank.getByText('Pantry on Tuesdays', { exact: true })).toBeVisible();

  // Saved on the server: a reload restores the session from the cookie and lists both.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${username}!`);
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'SF-Marin Food Bank' }).getByText('Pantry on Tuesdays', { exact: true })).toBeVisible();

  // Search: title, description and url, case-insensitive.
  const search = bookmarks.getByRole('searchbox', { name: 'Search bookmarks' });
  await search.fill('marin');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('SF-Marin Food Bank');
  await search.fill('BEFORE 5PM');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Shelter intake line');
  await search.fill('sfgov');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Shelter intake line');
  await search.fill('laundry');
  await expect(cards).toHaveCount(0);
  await expect(bookmarks.getByText('No bookmarks match your search.', { exact: true })).toBeVisible();
  await search.fill('');
  await expect(cards).toHaveCount(2);

  // One column on a phone.
  await page.setViewportSize({ width: 375, height: 740 });
  const [narrowFirst, narrowSecond] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(narrowFirst && narrowSecond && Math.abs(narrowFirst.x - narrowSecond.x) < 2 && narrowSecond.y > narrowFirst.y).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete, with a confirmation step.
  const shelter = cards.filter({ hasText: 'Shelter intake line' });
  await shelter.getByRole('button', { name: 'Delete Shelter intake line' }).click();
  await expect(shelter.getByText('Delete this bookmark?')).toBeVisible();
  await shelter.getByRole('button', { name: 'Keep it' }).click();
  await expect(cards).toHaveCount(2);
  await shelter.getByRole('button', { name: 'Delete Shelter intake line' }).click();
  await shelter.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(cards).toHaveCount(1);
  await expect(bookmarks.getByText('Shelter intake line')).toHaveCount(0);

  // Logout: the nav offers Login again and the dashboard sends visitors to /login.
  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');

  // A wrong password, then the right one.
  await openLogin(page);
  await usernameField(page).fill(username);
  await passwordField(page).fill(`${GOOD_PASSWORD}x`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await signIn(page, username);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('SF-Marin Food Bank');
  expectNoPageErrors(pageErrors);
});

test('the dashboard sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
});

test('a signed-in visitor to /login goes on to the dashboard', async ({ page }) => {
  const username = uniqueUsername('back');
  await signUp(page, username);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${username}!`);
});
