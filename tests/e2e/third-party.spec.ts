// DESIGN §1 "private by default": pages make no third-party requests (no fonts, analytics, CDNs or
// embeds). Every request a page makes, from any frame or worker, goes to the site's own origin.
import { PAGES, UNKNOWN_PATH, expect, test, waitForHydration } from './support.ts';
import { signUp, uniqueUsername } from './accounts-support.ts';

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

/** Origins of requests (pages, assets, fetches, sockets) that are not the site's own. */
function foreignOf(requested: string[], ownOrigin: string): string[] {
  return requested.filter((url) => {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return false;
    return `${parsed.protocol.replace(/^ws/, 'http')}//${parsed.host}` !== ownOrigin;
  });
}

// A crawl: from every page of the site (some, like /chat-test, are not linked), every same-origin link
// on every page reached (links to other sites are never followed). Nothing any reached page loads may come from another host.
test('a crawl of every linked page requests nothing from other hosts', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const ownOrigin = new URL(baseURL ?? '').origin;
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  page.on('websocket', (socket) => requested.push(socket.url()));
  const queue: string[] = [...PAGES];
  const seen = new Set<string>(queue);
  while (queue.length > 0) {
    const path = queue.shift()!;
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    for (const link of links) {
      const url = new URL(link);
      if (url.origin !== ownOrigin || seen.has(url.pathname)) continue;
      seen.add(url.pathname);
      queue.push(url.pathname);
    }
  }
  console.log(`crawled ${seen.size} pages: ${[...seen].join(' ')}`);
  expect(seen.size).toBeGreaterThanOrEqual(PAGES.length);
  expect(foreignOf(requested, ownOrigin)).toEqual([]);
});

test('the signed-in dashboard requests nothing from other hosts', async ({ page, context, baseURL }) => {
  const ownOrigin = new URL(baseURL ?? '').origin;
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  await signUp(page, uniqueUsername('nothird'));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(requested.some((url) => url.includes('/api/bookmarks'))).toBe(true);
  expect(foreignOf(requested, ownOrigin)).toEqual([]);
});
