// DESIGN §1 "private by default": pages make no third-party requests (no fonts, analytics, CDNs or
// embeds). Every request a page makes, from any frame or worker, goes to the site's own origin.
import { PAGES, UNKNOWN_PATH, expect, test, waitForHydration } from './support.ts';

for (const path of [...PAGES, UNKNOWN_PATH]) {
  test(`${path} requests nothing from other hosts`, async ({ page, context, baseURL }) => {
    const ownOrigin = new URL(baseURL ?? '').origin;
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    page.on('websocket', (socket) => requested.push(socket.url()));

    await page.goto(path);
    await waitForHydration(page);
    // Bring anything lazy into view, then let the network settle.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');

    const foreign = requested.filter((url) => {
      const parsed = new URL(url);
      if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return false;
      const origin = `${parsed.protocol.replace(/^ws/, 'http')}//${parsed.host}`;
      return origin !== ownOrigin;
    });
    expect(requested.length, 'the page and its assets were requested').toBeGreaterThan(1);
    expect(foreign, `requests to other hosts from ${path}`).toEqual([]);
  });
}
