// SPEC §4 and §8 for the dashboard: the "Loading Timeout" and "Authentication Error" screens, the red
// banner errors of the bookmarks, the bookmarks loading timeout, and a logout that always signs out
// locally. Failures are injected with request interception; everything else is the real server.
import type { BrowserContext, Route } from '@playwright/test';
import { expect, test, waitForHydration } from './support.ts';
import { logOut, mainNav, signUp, uniqueUsername } from './accounts-support.ts';

const REFRESH = '**/auth/v1/token?grant_type=refresh_token';

/** Answers matching requests with a JSON error, or never (hang). */
async function failRequests(context: BrowserContext, url: string, method: string, answer: { status: number; body: unknown } | 'hang') {
  await context.route(url, (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    if (answer === 'hang') return; // never answered
    return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
  });
}

/**
 * A browser that was signed in before: it holds the session hint cookie, so the page restores the
 * session from the server (without the hint it knows at once that no one is signed in).
 */
async function browserWithSessionHint(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'ellis_signed_in', value: '1', url: baseURL ?? '', sameSite: 'Strict' }]);
}

test('auth still loading after 8 s: "Loading Timeout", then the 10 s init timeout error', async ({ page, baseURL }) => {
  await browserWithSessionHint(page.context(), baseURL);
  await failRequests(page.context(), REFRESH, 'POST', 'hang');
  await page.goto('/dashboard');
  await waitForHydration(page);
  await expect(page.getByRole('status')).toHaveText('Loading your dashboard…');
  const heading = page.getByRole('heading', { level: 1 });
  // One assertion for the whole screen: two seconds later the 10 s auth timeout replaces it.
  await expect(page.getByRole('alert')).toHaveText(
    'Loading TimeoutThe application took too long to load. Please try refreshing the page.Refresh PageGo to Login',
    { timeout: 9_500 },
  );

  await expect(heading).toHaveText('Authentication Error', { timeout: 4_000 });
  await expect(page.getByText('Authentication initialization timeout', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a failing session restore shows "Authentication Error" with "Session error: …"', async ({ page, baseURL }) => {
  await browserWithSessionHint(page.context(), baseURL);
  await failRequests(page.context(), REFRESH, 'POST', {
    status: 503,
    body: { code: 503, error_code: 'unavailable', msg: 'The sign-in service is restarting' },
  });
  await page.goto('/dashboard');
  // Five retries, 200 ms doubling (about 6 s), then the error.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentication Error', { timeout: 15_000 });
  await expect(page.getByText('Session error: The sign-in service is restarting', { exact: true })).toBeVisible();
  await page.context().unroute(REFRESH);
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('bookmark errors show in a red banner', async ({ page }) => {
  test.setTimeout(60_000);
  const context = page.context();
  await failRequests(context, '**/api/bookmarks', 'GET', { status: 400, body: { code: 'bad_request', message: 'Bookmarks are resting' } });
  await signUp(page, uniqueUsername('banner'));
  const bookmarks = page.getByRole('region', { name: 'Your Bookmarks' });
  await expect(bookmarks.getByRole('alert')).toContainText('Failed to load bookmarks: Bookmarks are resting');
  await context.unroute('**/api/bookmarks');
  await bookmarks.getByRole('button', { name: 'Try again' }).click();
  await expect(bookmarks.getByText('No bookmarks saved yet.', { exact: true })).toBeVisible();
  await expect(bookmarks.getByRole('alert')).toHaveCount(0);

  // Add fails with a message, then with none (the form's fallback).
  await failRequests(context, '**/api/bookmarks', 'POST', { status: 400, body: { code: 'validation_failed', message: 'Title is too long' } });
  await bookmarks.getByRole('button', { name: 'Add Bookmark', exact: true }).click();
  await bookmarks.getByLabel('Title').fill('Clinic');
  await bookmarks.getByRole('button', { name: 'Save Bookmark' }).click();
  await expect(bookmarks.getByRole('alert')).toContainText('Failed to add bookmark: Title is too long');
  await context.unroute('**/api/bookmarks');
  await failRequests(context, '**/api/bookmarks', 'POST', { status: 400, body: {} });
  await bookmarks.getByRole('button', { name: 'Save Bookmark' }).click();
  await expect(bookmarks.getByRole('alert')).toContainText('Failed to save bookmark');
  await context.unroute('**/api/bookmarks');
  await bookmarks.getByRole('button', { name: 'Save Bookmark' }).click();
  await expect(bookmarks.getByRole('listitem')).toHaveCount(1);
  await expect(bookmarks.getByRole('alert')).toHaveCount(0);

  // Update and delete failures.
  await failRequests(context, '**/api/bookmarks/*', 'PATCH', { status: 500, body: { code: 'internal', message: 'x' } });
  await failRequests(context, '**/api/bookmarks/*', 'DELETE', { status: 500, body: { code: 'internal', message: 'x' } });
  const card = bookmarks.getByRole('listitem').first();
  await card.getByRole('button', { name: 'Edit Clinic' }).click();
  await card.getByLabel('Title').fill('Clinic on 3rd');
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(bookmarks.getByRole('alert')).toContainText('Failed to update bookmark');
  await expect(card.getByLabel('Title')).toHaveValue('Clinic on 3rd'); // still editing
  await card.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: 'Delete Clinic' }).click();
  await card.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(bookmarks.getByRole('alert')).toContainText('Failed to remove bookmark');
  await expect(bookmarks.getByRole('listitem')).toHaveCount(1);
  await bookmarks.getByRole('button', { name: 'Dismiss' }).click();
  await expect(bookmarks.getByRole('alert')).toHaveCount(0);
});

test('"Bookmarks loading timeout" after 8 s without an answer', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page, uniqueUsername('slow'));
  await failRequests(page.context(), '**/api/bookmarks', 'GET', 'hang');
  await page.reload();
  await waitForHydration(page);
  const bookmarks = page.getByRole('region', { name: 'Your Bookmarks' });
  await expect(bookmarks.getByRole('status')).toHaveText('Loading your bookmarks…');
  await expect(bookmarks.getByRole('alert')).toHaveText('Bookmarks loading timeout', { timeout: 10_000 });
});

test('logout signs out here even when the server cannot be reached', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page, uniqueUsername('offline'));
  await page.context().route('**/auth/v1/logout*', (route) => route.abort('internetdisconnected'));
  await logOut(page);
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
});
