// "Forgot your password?" with the recovery code shown at sign-up, and the dashboard's Security
// section: change password, sign out other devices, delete the account.
import { expect, expectNoPageErrors, test, waitForHydration } from './support.ts';
import {
  GOOD_PASSWORD,
  RECOVERY_CODE,
  logOut,
  mainNav,
  openLogin,
  signIn,
  signUp,
  submitSignIn,
  uniqueUsername,
} from './accounts-support.ts';

const NEW_PASSWORD = 'Quiet-Garden-77';

test('reset a forgotten password with the recovery code', async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  const username = uniqueUsername('recover');
  const code = await signUp(page, username);
  await logOut(page);

  await openLogin(page);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const submit = page.getByRole('button', { name: 'Reset password' });
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Recovery code' }).fill('AAAAA-BBBBB-CCCCC-DDDDD');
  await page.locator('#recover-password').fill('weak');
  await expect(submit).toBeDisabled();
  await page.locator('#recover-password').fill(NEW_PASSWORD);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText("That username and recovery code don't match. Check both and try again.");

  // Typed in lower case with spaces: the server reads codes forgivingly.
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(code.toLowerCase().replace(/-/g, ' '));
  await submit.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save your new recovery code');
  const fresh = ((await page.getByTestId('recovery-code').textContent()) ?? '').trim();
  expect(fresh).toMatch(RECOVERY_CODE);
  expect(fresh).not.toBe(code);
  await page.getByRole('checkbox', { name: 'I saved it' }).check();
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  await expect(page.getByRole('status')).toHaveText('Your password is changed. Sign in with your new password.');

  // The old password no longer works; the new one does.
  await submitSignIn(page, username);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await signIn(page, username, NEW_PASSWORD);
  expectNoPageErrors(pageErrors);
});

test('change password from the dashboard', async ({ page }) => {
  test.setTimeout(60_000);
  const username = uniqueUsername('passwd');
  await signUp(page, username);
  const section = page.getByRole('region', { name: 'Change password' });
  const submit = section.getByRole('button', { name: 'Change password' });
  await expect(submit).toBeDisabled();
  await section.locator('#current-password').fill('Not-My-Password-1');
  await section.locator('#new-password').fill('short');
  await expect(submit).toBeDisabled();
  await expect(section.locator('#new-password-rules li').first()).toHaveAttribute('data-met', 'false');
  await section.locator('#new-password').fill(NEW_PASSWORD);
  await submit.click();
  await expect(section.getByRole('alert')).toHaveText('Your current password is not right.');
  await section.locator('#current-password').fill(GOOD_PASSWORD);
  await submit.click();
  await expect(section.getByRole('status')).toHaveText('Your password has been changed.');
  await expect(section.locator('#current-password')).toHaveValue('');

  // Still signed in here; the next sign-in takes the new password.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${username}!`);
  await logOut(page);
  await signIn(page, username, NEW_PASSWORD);
});

test('sign out other devices ends the other sessions and keeps this one', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const username = uniqueUsername('devices');
  await signUp(page, username);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  // (This page has no hydration probe; the sign-in button stays disabled until the page is live.)
  await other.goto('/login');
  await other.getByRole('textbox', { name: 'Username' }).fill(username);
  await other.locator('#login-password').fill(GOOD_PASSWORD);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other).toHaveURL(/\/dashboard$/);

  const devices = page.getByRole('region', { name: 'Other devices' });
  await devices.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(devices.getByRole('status')).toHaveText('Other devices have been signed out.');

  // The other browser is signed out on its next visit; this one is not.
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/login$/);
  await otherContext.close();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${username}!`);
});

test('delete the account after typing the password', async ({ page }) => {
  test.setTimeout(60_000);
  const username = uniqueUsername('delete');
  await signUp(page, username);
  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('To confirm, type your password.')).toBeFocused();
  const confirm = section.getByRole('button', { name: 'Delete my account forever' });
  await expect(confirm).toBeDisabled();
  await section.locator('#delete-account-password').fill('Wrong-Password-1');
  await confirm.click();
  await expect(section.getByRole('alert')).toHaveText('That password is not right.');
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('button', { name: 'Delete my account' })).toBeFocused();

  await section.getByRole('button', { name: 'Delete my account' }).click();
  await section.locator('#delete-account-password').fill(GOOD_PASSWORD);
  await section.getByRole('button', { name: 'Delete my account forever' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true }).filter({ visible: true })).toBeVisible();

  await openLogin(page);
  await submitSignIn(page, username);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
});
