// SPEC §2 Login, §5 validation and §8 login/sign-up errors: modes, live checklists (sign-up only),
// the show/hide toggle, availability checks, form messages and error mapping.
import type { Page } from '@playwright/test';
import { expect, expectNoPageErrors, test, waitForHydration } from './support.ts';
import { GOOD_PASSWORD, openLogin, passwordField, switchToSignUp, uniqueUsername, usernameField } from './accounts-support.ts';

const USERNAME_RULES = ['3-20 characters long', 'Only letters, numbers, and underscores'];

function rule(page: Page, label: string) {
  return page.getByRole('listitem').filter({ hasText: label });
}

test('sign-in mode: no checklists, username rules still apply, wrong credentials read "Invalid username or password"', async ({ page, pageErrors }) => {
  await openLogin(page);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  for (const label of USERNAME_RULES) await expect(page.getByText(label)).toHaveCount(0);
  await expect(page.getByText(/^At least 10 characters/)).toHaveCount(0);

  await usernameField(page).fill('ab');
  await passwordField(page).fill('anything');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fix username requirements');

  await usernameField(page).fill(uniqueUsername('nobody'));
  await passwordField(page).fill('short'); // sign-in applies no password rule
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');

  // Switching mode clears the error.
  await switchToSignUp(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expectNoPageErrors(pageErrors);
});

test('the password can be shown and hidden with a toggle button', async ({ page }) => {
  await openLogin(page);
  const toggle = page.locator('.password-toggle');
  await passwordField(page).fill('Secret-Words-9');
  await expect(toggle).toHaveAccessibleName('Show password');
  await expect(toggle.locator('.password-toggle-long')).toHaveText('Show password');
  await expect(passwordField(page)).toHaveAttribute('type', 'password');
  await toggle.click();
  // Shown: the button now says what it does next.
  await expect(toggle).toHaveAccessibleName('Hide password');
  await expect(toggle.locator('.password-toggle-long')).toHaveText('Hide password');
  await expect(passwordField(page)).toHaveAttribute('type', 'text');
  await expect(passwordField(page)).toHaveValue('Secret-Words-9');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Show password');
  await expect(passwordField(page)).toHaveAttribute('type', 'password');
});

test('sign-up mode: live checklists, and the submit button waits for every rule', async ({ page }) => {
  await openLogin(page);
  await switchToSignUp(page);
  const submit = page.getByRole('button', { name: 'Create account' });
  await expect(submit).toBeDisabled();

  for (const label of USERNAME_RULES) await expect(rule(page, label)).toBeVisible();
  const passwordRules = page.locator('#password-rules li');
  await expect(passwordRules).toHaveCount(4);
  await expect(passwordRules.first()).toContainText(/^.?\s*At least 10 characters/);

  await usernameField(page).fill('ab');
  await expect(rule(page, '3-20 characters long')).toHaveAttribute('data-met', 'false');
  await expect(rule(page, 'Only letters, numbers, and underscores')).toHaveAttribute('data-met', 'true');
  await usernameField(page).fill('maria lopez');
  await expect(rule(page, '3-20 characters long')).toHaveAttribute('data-met', 'true');
  await expect(rule(page, 'Only letters, numbers, and underscores')).toHaveAttribute('data-met', 'false');
  await usernameField(page).fill('a'.repeat(21));
  await expect(rule(page, '3-20 characters long')).toHaveAttribute('data-met', 'false');
  await usernameField(page).fill(uniqueUsername('rules'));
  await expect(rule(page, '3-20 characters long')).toHaveAttribute('data-met', 'true');
  await expect(rule(page, 'Only letters, numbers, and underscores')).toHaveAttribute('data-met', 'true');

  const states = () => passwordRules.evaluateAll((items) => items.map((item) => item.getAttribute('data-met')));
  await passwordField(page).fill('lowercase');
  await expect.poll(states).toEqual(['false', 'false', 'true', 'false']);
  await expect(submit).toBeDisabled();
  await passwordField(page).fill('Lowercase1');
  await expect.poll(states).toEqual(['true', 'true', 'true', 'true']);
  await expect(submit).toBeEnabled();
  await passwordField(page).fill('LOWERCASE12');
  await expect.poll(states).toEqual(['true', 'true', 'false', 'true']);
  await expect(submit).toBeDisabled();
  // Each line says in words whether it is met.
  await expect(passwordRules.nth(2)).toContainText('(not yet)');
  await expect(passwordRules.nth(0)).toContainText('(done)');

  // Back to sign-in: the checklists go away.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  await expect(passwordRules).toHaveCount(0);
});

test('sign-up checks the username is free: "Username is already taken"', async ({ page, request }) => {
  const taken = uniqueUsername('taken');
  const created = await request.post('/auth/v1/signup', { data: { username: taken, password: GOOD_PASSWORD } });
  expect(created.status()).toBe(200);

  await openLogin(page);
  await switchToSignUp(page);
  await usernameField(page).fill(taken);
  await passwordField(page).fill(GOOD_PASSWORD);
  await expect(page.locator('#username-status')).toHaveText('Username is already taken');
  await expect(usernameField(page)).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username is already taken');
  await expect(page).toHaveURL(/\/login\?mode=signup$/);

  await usernameField(page).fill(uniqueUsername('free'));
  await expect(page.locator('#username-status')).toHaveText('This username is free.');
});

test('"Failed to check username availability" when the check fails', async ({ page }) => {
  await page.context().route('**/api/usernames/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', message: 'Down' }) }),
  );
  await openLogin(page);
  await switchToSignUp(page);
  await usernameField(page).fill(uniqueUsername('check'));
  await passwordField(page).fill(GOOD_PASSWORD);
  await expect(page.locator('#username-status')).toHaveText('Failed to check username availability');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to check username availability');
});

test('error mapping: no user → "Login failed" / "Failed to create user"; other errors show their message', async ({ page }) => {
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  await page.context().route('**/auth/v1/token?grant_type=password', (route) =>
    route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
  );
  await page.context().route('**/auth/v1/signup', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ access_token: 'x', token_type: 'bearer', expires_in: 600, user: null }) }),
  );
  await openLogin(page);
  await usernameField(page).fill('maria_01');
  await passwordField(page).fill('whatever');

  answer = { status: 200, body: { access_token: 'x', token_type: 'bearer', expires_in: 600, user: null } };
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed');

  answer = { status: 422, body: { code: 422, error_code: 'user_banned', msg: 'This account is paused. Please call 211 for help.' } };
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('This account is paused. Please call 211 for help.');

  answer = { status: 400, body: 'not json at all' };
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred');

  await switchToSignUp(page);
  await usernameField(page).fill(uniqueUsername('nouser'));
  await passwordField(page).fill(GOOD_PASSWORD);
  await expect(page.getByText('This username is free.')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to create user');
});

test('what someone types before the page is interactive is kept', async ({ page }) => {
  // Hold the page's JavaScript back a moment, as a slow phone would.
  await page.context().route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await usernameField(page).fill('early_bird');
  await passwordField(page).fill('typed-early');
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await expect(usernameField(page)).toHaveValue('early_bird');
  await expect(passwordField(page)).toHaveValue('typed-early');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The server got both values: an unknown user, not "Please fix username requirements".
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
});

test('"Or continue without an account": a call link and a note that conversations are not saved', async ({ page }) => {
  await openLogin(page);
  const guest = page.getByRole('region', { name: 'Or continue without an account' });
  await expect(guest.getByRole('heading', { level: 2 })).toHaveText('Or continue without an account');
  await expect(guest.locator('a[href="tel:211"]')).toHaveText('Call 211');
  await expect(guest.getByRole('link', { name: 'Chat with Ellis' })).toHaveAttribute('href', '/chat');
  await expect(guest).toContainText('your conversations will not be saved');
});

test('without JavaScript the form cannot send a password anywhere', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  // The inputs have no name, so even a submitted form would carry no value.
  expect(await page.locator('form input[name]').count()).toBe(0);
  await context.close();
  // A <noscript> note says why (Chromium with scripts disabled through DevTools does not render
  // <noscript>, so the served HTML is checked).
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<noscript><p class="form-error">Signing in needs JavaScript, which seems to be turned off.');
});
