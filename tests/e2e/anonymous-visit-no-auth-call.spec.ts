import { expect, test } from '@playwright/test';

// Most visitors have no account: their page loads must not wait on (or fail) a session refresh.
test('an anonymous visit makes no call to the auth server', async ({ page }) => {
  const authCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/auth/v1/')) authCalls.push(request.url());
  });
  for (const path of ['/', '/resources', '/chat']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();
  expect(authCalls).toEqual([]);
});
