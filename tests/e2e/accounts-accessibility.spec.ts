// WCAG 2.2 AA on the account screens with axe-core, at 375 px and 1280 px (this file runs in both
// projects): /login in each of its states and /dashboard with bookmarks, forms and security open.
import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { GOOD_PASSWORD, openLogin, passwordField, signUp, switchToSignUp, uniqueUsername, usernameField } from './accounts-support.ts';

/** Nothing on the page is wider than the screen (readable without sideways scrolling). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every visible button, link and field in <main> is at least 44 px tall (DESIGN: 44 px tap targets). */
async function expectTapTargets(page: Page): Promise<void> {
  const small = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('button, a, input:not([type=checkbox]), textarea')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('.visually-hidden');
      })
      .filter((element) => element.getBoundingClientRect().height < 43.5 && !(element.tagName === 'A' && element.closest('p, li')?.textContent !== element.textContent))
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(element.getBoundingClientRect().height)}px`),
  );
  expect(small, 'controls under 44 px').toEqual([]);
}

test('/login (sign in, sign up with messages, forgot password) has no axe violations', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const width = testInfo.project.use.viewport?.width;
  await openLogin(page);
  await expectNoAxeViolations(page, `/login sign-in at ${width}px`);
  await expectTapTargets(page);
  await expectNoSidewaysScroll(page);

  await usernameField(page).fill('ab');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fix username requirements');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expectNoAxeViolations(page, `/login sign-in with an error at ${width}px`);

  await switchToSignUp(page);
  await usernameField(page).fill('maria lopez');
  await passwordField(page).fill('lowercase');
  await expectNoAxeViolations(page, `/login sign-up with checklists at ${width}px`);
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await expectNoAxeViolations(page, `/login forgot password at ${width}px`);
  await expectTapTargets(page);
});

test('/dashboard with bookmarks, the add form, an edit and two-step setup has no axe violations', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const width = testInfo.project.use.viewport?.width;
  const username = uniqueUsername('axe');
  await signUp(page, username, GOOD_PASSWORD);
  await expectNoAxeViolations(page, `/dashboard empty at ${width}px`);

  const bookmarks = page.getByRole('region', { name: 'Your Bookmarks' });
  for (const [title, url, description] of [
    ['Food bank hours', 'sfmfoodbank.org', 'Pantry on Tuesdays and Thursdays, bring a bag'],
    ['A very long bookmark title that keeps going to test wrapping on small screens', 'https://example.org/a/really/long/path/that/should/wrap/nicely/on/phones', ''],
  ] as const) {
    await bookmarks.getByRole('button', { name: /^\+? ?Add (Your First )?Bookmark$/ }).first().click();
    await bookmarks.getByLabel('Title').fill(title);
    await bookmarks.getByLabel('Web address (optional)').fill(url);
    await bookmarks.getByLabel('Description (optional)').fill(description);
    await bookmarks.getByRole('button', { name: 'Save Bookmark' }).click();
    await expect(bookmarks.getByRole('listitem').filter({ hasText: title })).toHaveCount(1);
  }
  await expectNoAxeViolations(page, `/dashboard with bookmarks at ${width}px`);
  await expectTapTargets(page);
  await expectNoSidewaysScroll(page);

  await bookmarks.getByRole('button', { name: 'Add Bookmark', exact: true }).click();
  await bookmarks.getByLabel('Web address (optional)').first().fill('not a url');
  await bookmarks.getByLabel('Title').first().click();
  await expect(bookmarks.getByText('Please enter a valid URL')).toBeVisible();
  await bookmarks.getByRole('button', { name: 'Edit Food bank hours' }).click();
  await bookmarks.getByRole('button', { name: 'Delete A very long bookmark title that keeps going to test wrapping on small screens' }).click();
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(twoStep.getByRole('img')).toBeVisible();
  await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account' }).click();
  await expectNoAxeViolations(page, `/dashboard with forms open at ${width}px`);
  await expectTapTargets(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
});
