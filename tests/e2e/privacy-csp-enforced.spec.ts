// Browser security (DESIGN §6): the Content-Security-Policy is enforced, not only sent. On
// every page, a script or style injected inline (as an XSS would) does not run, the browser reports a
// violation, and scripts and frames from other hosts are refused.
import { PAGES, expect, test, waitForHydration } from './support.ts';

declare global {
  interface Window {
    __injectedRan?: boolean;
    __violations?: string[];
  }
}

for (const path of PAGES) {
  test(`${path}: injected inline script, handler and style do not run; violations are reported`, async ({ page }) => {
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__violations!.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injectedRan = true;';
      document.body.append(script);
      const image = document.createElement('img');
      image.setAttribute('src', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=');
      image.setAttribute('onload', 'window.__injectedRan = true;');
      document.body.append(image);
      const link = document.createElement('script');
      link.src = 'https://evil.example/x.js';
      document.body.append(link);
      const style = document.createElement('style');
      style.textContent = 'body { visibility: hidden; }';
      document.head.append(style);
    });
    await expect.poll(() => page.evaluate(() => window.__violations?.length ?? 0)).toBeGreaterThanOrEqual(4);
    const violations = await page.evaluate(() => window.__violations ?? []);
    expect(violations.some((line) => line.startsWith('script-src-elem inline'))).toBe(true);
    expect(violations.some((line) => line.startsWith('script-src-attr inline'))).toBe(true);
    expect(violations.some((line) => line.startsWith('script-src-elem https://evil.example'))).toBe(true);
    expect(violations.some((line) => line.startsWith('style-src-elem inline'))).toBe(true);
    expect(await page.evaluate(() => window.__injectedRan ?? false)).toBe(false);
    await expect(page.locator('body')).toBeVisible();
  });
}

test('the site cannot be framed by another page', async ({ page, baseURL }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.setContent(`<iframe id="framed" src="${baseURL}/about" title="framed"></iframe>`);
  const frame = page.frameLocator('#framed');
  // A refused frame has no document from our origin: the About heading never appears inside it.
  await expect(frame.getByRole('heading', { level: 1 })).toHaveCount(0, { timeout: 3_000 });
});
