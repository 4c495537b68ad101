// SPEC §5's per-rule messages are shown (sign-in after a submit; sign-up after
// leaving a field), and the mode switch is a real link that works before the JavaScript has loaded.
import { expectNoAxeViolations } from './axe.ts';
import { expect, test, waitForHydration } from './support.ts';
import { openLogin, passwordField, switchToSignUp, usernameField } from './accounts-support.ts';

const SIGN_IN_CASES = [
  { name: 'ab', message: 'Username must be at least 3 characters long' },
  { name: 'a'.repeat(21), message: 'Username must be no more than 20 characters long' },
  { name: 'bad name!', message: 'Username can only contain letters, numbers, and underscores' },
];

for (const { name, message } of SIGN_IN_CASES) {
  test(`sign-in with "${name.length > 10 ? `${name.length} characters` : name}" shows "${message}" and the form message`, async ({ page }) => {
    await openLogin(page);
    await usernameField(page).fill(name);
    await passwordField(page).fill('anything');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fix username requirements');
    await expect(page.locator('#username-problems li')).toHaveText([message]);
    await expect(usernameField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(usernameField(page)).toHaveAccessibleDescription(message);
  });
}

for (const width of [375, 1280]) {
  test(`sign-up shows each broken rule's message beside its checklist once a field is left, at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openLogin(page);
    await switchToSignUp(page);
    // Nothing is shown before the person has left a field.
    await usernameField(page).fill('ab');
    await expect(page.locator('#username-problems')).toHaveCount(0);
    await passwordField(page).click();
    await expect(page.locator('#username-problems li')).toHaveText(['Username must be at least 3 characters long']);

    await passwordField(page).fill('lowercase');
    await usernameField(page).click();
    await expect(page.locator('#password-problems li')).toHaveText([
      'Password must be at least 10 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
    await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
    // Beside the checklists: each list right under its own checklist.
    const checklistBottom = (await page.locator('#password-rules').boundingBox())!;
    const problemsTop = (await page.locator('#password-problems').boundingBox())!;
    expect(problemsTop.y).toBeGreaterThanOrEqual(checklistBottom.y + checklistBottom.height - 1);
    await expectNoAxeViolations(page, `/login sign-up with rule messages at ${width}px`);

    // Fixed rules lose their messages as the person types.
    await usernameField(page).fill('maria_lopez');
    await expect(page.locator('#username-problems')).toHaveCount(0);
    await passwordField(page).fill('Lowercase12');
    await expect(page.locator('#password-problems')).toHaveCount(0);
  });
}

test('"Create one" and "Sign in" are real links; the sign-up link works before the JavaScript has loaded', async ({ page }) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.context().route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: the page is there to read and click at commit.
  await page.goto('/login', { waitUntil: 'commit' });
  const createOne = page.getByRole('link', { name: 'Create one' });
  await expect(createOne).toHaveAttribute('href', '/login?mode=signup');
  expect(await page.evaluate(() => window.__ellisKeydownListeners ?? 0), 'the page is not interactive yet').toBe(0);
  await createOne.click({ noWaitAfter: true });
  await page.waitForURL(/\/login\?mode=signup$/, { waitUntil: 'commit' });
  release();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a new account');
  const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
  await expect(signIn).toHaveAttribute('href', '/login');
  await signIn.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  // Back returns to the sign-up mode.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a new account');
});
