// Shared steps of the account journeys (SPEC §2 Login and Dashboard): unique users, sign-up through
// the recovery code, sign-in, TOTP codes computed from the key shown on screen.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, waitForHydration } from './support.ts';

/** A password that meets every rule of SPEC §5. */
export const GOOD_PASSWORD = 'Calm-Harbor-42';

/** A username no other test (or earlier run on the same database) uses: 3-20 letters, digits, underscores. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`.slice(0, 20);
}

/** The recovery code format the server issues: four groups of five base32 characters. */
export const RECOVERY_CODE = /^[A-Z2-7]{5}(-[A-Z2-7]{5}){3}$/;

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * Opens /login and waits until the form reacts to input. The login screen is a lazy route that
 * hydrates after the page shell (which waitForHydration watches), so this also waits for its submit
 * button, which stays disabled until the screen itself is live.
 */
export async function openLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
}

export async function switchToSignUp(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a new account');
}

export function usernameField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Username' });
}

/** The password input (its show/hide toggle button shares the word "password"). */
export function passwordField(page: Page): Locator {
  return page.locator('#login-password');
}

/**
 * Signs up through the UI, checks the one-time recovery code screen, confirms it was saved and lands
 * on /dashboard. Returns the recovery code shown.
 */
export async function signUp(page: Page, username: string, password = GOOD_PASSWORD): Promise<string> {
  await openLogin(page);
  await switchToSignUp(page);
  await usernameField(page).fill(username);
  await passwordField(page).fill(password);
  await expect(page.getByText('This username is free.')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save your recovery code');
  const code = (await page.getByTestId('recovery-code').textContent())?.trim() ?? '';
  expect(code).toMatch(RECOVERY_CODE);
  const next = page.getByRole('button', { name: 'Continue to dashboard' });
  await expect(next).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I saved it' }).check();
  await next.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${username}!`);
  return code;
}

/** Fills in the open sign-in form and presses "Sign in"; what follows is the caller's to check. */
export async function submitSignIn(page: Page, username: string, password = GOOD_PASSWORD): Promise<void> {
  await usernameField(page).fill(username);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the UI (no second factor) and lands on /dashboard. */
export async function signIn(page: Page, username: string, password = GOOD_PASSWORD): Promise<void> {
  await openLogin(page);
  await submitSignIn(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${username}!`);
}

/** Signs out with the nav's Logout button (at desktop width) and waits for the nav to offer Login. */
export async function logOut(page: Page): Promise<void> {
  const nav = mainNav(page);
  await nav.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
  await expect(nav.getByRole('link', { name: 'Login', exact: true }).filter({ visible: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
}

/**
 * The current code of an authenticator app holding `secret`. When the current 30 s step is about to
 * end, waits for the next one, so the code is still valid when the server checks it; `notCode`
 * skips a code already used (the server accepts each code once).
 */
export async function totpCode(secret: string, notCode?: string): Promise<string> {
  const totp = new OTPAuth.TOTP({ issuer: 'Ellis', algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')) });
  for (;;) {
    const remaining = 30_000 - (Date.now() % 30_000);
    if (remaining < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, remaining + 100));
      continue;
    }
    const code = totp.generate();
    if (code !== notCode) return code;
    await new Promise((resolve) => setTimeout(resolve, remaining + 100));
  }
}

/** On the dashboard: turns on two-step verification with the key shown and a current code. */
export async function turnOnTwoStep(page: Page): Promise<void> {
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByRole('button', { name: 'Turn on two-step verification' }).click();
  const secret = ((await twoStep.getByTestId('totp-secret').textContent()) ?? '').trim();
  await twoStep.getByRole('textbox', { name: '6-digit code' }).fill(await totpCode(secret));
  await twoStep.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(twoStep.getByRole('status')).toHaveText('Two-step verification is now on.');
}

/** Signs in with the password of an account with two-step verification, up to the code step. */
export async function signInToCodeStep(page: Page, username: string): Promise<void> {
  await openLogin(page);
  await submitSignIn(page, username);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your verification code');
}
