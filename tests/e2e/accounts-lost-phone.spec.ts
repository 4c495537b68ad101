// A lost phone (docs/decisions/041): someone with two-step verification signs in with their password,
// gives the recovery code instead of the authenticator app's code, saves the new code and reaches
// the dashboard with two-step verification off. The authenticator app is computed here with otpauth.
import type { Page } from '@playwright/test';
import { expect, expectNoPageErrors, test } from './support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { RECOVERY_CODE, logOut, openLogin, signIn, signInToCodeStep, signUp, turnOnTwoStep, uniqueUsername } from './accounts-support.ts';

/** Signs up, turns on two-step verification from the dashboard and signs out. Returns the recovery code. */
async function userWithTwoStep(page: Page, username: string): Promise<string> {
  const recoveryCode = await signUp(page, username);
  await turnOnTwoStep(page);
  await expect(page.getByRole('region', { name: 'Two-step verification' })).toContainText('If you lose your phone, you can sign in with your password and your recovery code instead.');
  await logOut(page);
  return recoveryCode;
}

test('lost phone: password, then the recovery code, then the new code, then the dashboard', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('lostphone');
  const recoveryCode = await userWithTwoStep(page, username);

  await signInToCodeStep(page, username);
  await page.getByRole('button', { name: 'Lost your phone? Use your recovery code' }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Use your recovery code');
  await expect(heading).toBeFocused();
  await expectNoAxeViolations(page, 'the recovery code form at the two-step step');

  // "Back" returns to the 6-digit code; the link brings the form again.
  await page.getByRole('button', { name: 'Back to the 6-digit code' }).click();
  await expect(heading).toHaveText('Enter your verification code');
  await page.getByRole('button', { name: 'Lost your phone? Use your recovery code' }).click();
  await expect(heading).toHaveText('Use your recovery code');

  const codeField = page.getByRole('textbox', { name: 'Recovery code' });
  const submit = page.getByRole('button', { name: 'Use code and sign in' });
  await expect(submit).toBeDisabled();
  await codeField.fill('AAAAA-BBBBB-CCCCC-DDDDD');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('That recovery code is not right. Check it and try again.');
  await expectNoAxeViolations(page, 'the recovery code form with an error');

  // Typed the way people copy from paper: small letters, spaces.
  await codeField.fill(recoveryCode.toLowerCase().replace(/-/g, ' '));
  await submit.click();
  await expect(heading).toHaveText('Save your new recovery code');
  await expect(heading).toBeFocused();
  await expect(page.getByText('Two-step verification is now off, and you are signed in.')).toBeVisible();
  await expect(page.getByText('Got a new phone? You can turn on two-step verification again in your dashboard, under Security.')).toBeVisible();
  const newCode = ((await page.getByTestId('recovery-code').textContent()) ?? '').trim();
  expect(newCode).toMatch(RECOVERY_CODE);
  expect(newCode).not.toBe(recoveryCode);
  await expectNoAxeViolations(page, 'the new recovery code after a lost phone');

  const next = page.getByRole('button', { name: 'Continue to dashboard' });
  await expect(next).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I saved it' }).check();
  await next.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(heading).toHaveText(`Welcome back, ${username}!`);
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await expect(twoStep).toContainText('Add a second step when you sign in');
  await expect(twoStep.getByRole('button', { name: 'Turn on two-step verification' })).toBeVisible();

  // A reload keeps the session (the refresh cookie came with the answer); the password alone is enough now.
  await page.reload();
  await expect(heading).toHaveText(`Welcome back, ${username}!`);
  await logOut(page);
  await signIn(page, username);

  // The old code is spent; the new one still works for a password reset.
  await logOut(page);
  await openLogin(page);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
  await page.locator('#recover-password').fill('Quiet-River-77');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText("That username and recovery code don't match. Check both and try again.");
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(newCode);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(heading).toHaveText('Save your new recovery code');
  expectNoPageErrors(pageErrors);
});
