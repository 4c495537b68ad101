// Two-step verification (DESIGN §6): turn it on from the dashboard with the QR code's key, sign out,
// sign in again with a code from the "authenticator app" (computed here with otpauth), turn it off.
import { expect, expectNoPageErrors, test } from './support.ts';
import { logOut, signIn, signInToCodeStep, signUp, totpCode, turnOnTwoStep, uniqueUsername } from './accounts-support.ts';

test('turn on two-step verification, then sign in with a code, then turn it off', async ({ page, pageErrors }) => {
  // Each code is accepted once, so a sign-in may wait for the next 30 s step.
  test.setTimeout(120_000);
  const username = uniqueUsername('totp');
  await signUp(page, username);

  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await expect(twoStep).toContainText('Add a second step when you sign in');
  await twoStep.getByRole('button', { name: 'Turn on two-step verification' }).click();

  const qr = twoStep.getByRole('img', { name: 'QR code to add Ellis to your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml[;,]/);
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const secret = ((await twoStep.getByTestId('totp-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // A wrong code is refused and two-step verification stays off.
  const codeField = twoStep.getByRole('textbox', { name: '6-digit code' });
  await expect(codeField).toBeFocused();
  const confirm = twoStep.getByRole('button', { name: 'Confirm and turn on' });
  const firstCode = await totpCode(secret);
  await codeField.fill(String((Number(firstCode) + 500_000) % 1_000_000).padStart(6, '0'));
  await confirm.click();
  await expect(twoStep.getByRole('alert')).not.toBeEmpty();
  await expect(codeField).toHaveValue('');

  await codeField.fill(firstCode);
  await confirm.click();
  await expect(twoStep.getByRole('status')).toHaveText('Two-step verification is now on.');
  await expect(twoStep).toContainText('Two-step verification is on.');
  await expect(twoStep.getByRole('button', { name: 'Turn off two-step verification' })).toBeFocused();

  // Sign in again: the password alone is not enough.
  await logOut(page);
  await signInToCodeStep(page, username);
  await expect(page).toHaveURL(/\/login$/);
  // Still signed out until the code is given: the dashboard is out of reach.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true }).filter({ visible: true })).toBeVisible();

  const verify = page.getByRole('button', { name: 'Verify and sign in' });
  await expect(verify).toBeDisabled();
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await totpCode(secret, firstCode));
  await verify.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${username}!`);

  // Turn it off (with a confirmation); the next sign-in needs the password only.
  const settings = page.getByRole('region', { name: 'Two-step verification' });
  await settings.getByRole('button', { name: 'Turn off two-step verification' }).click();
  await expect(settings.getByRole('group')).toContainText('Turn off two-step verification?');
  await settings.getByRole('button', { name: 'Yes, turn it off' }).click();
  await expect(settings.getByRole('status')).toHaveText('Two-step verification is now off.');
  await expect(settings.getByRole('button', { name: 'Turn on two-step verification' })).toBeVisible();

  await logOut(page);
  await signIn(page, username);
  expectNoPageErrors(pageErrors);
});

test('"Cancel and sign out" leaves the code step signed out', async ({ page }) => {
  test.setTimeout(90_000);
  const username = uniqueUsername('totpcancel');
  await signUp(page, username);
  await turnOnTwoStep(page);
  await logOut(page);

  await signInToCodeStep(page, username);
  // A reload during this step comes back to it (the aal1 session is restored from the cookie).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your verification code');
  await page.getByRole('button', { name: 'Cancel and sign out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
});
