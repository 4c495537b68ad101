// `npm start` with no PUBLIC_URL works at every loopback name of the listening
// address, and the start log says which address to open.
import type { Browser, Page } from '@playwright/test';
import { test, expect, startServer, trackHydration, type RunningServer } from './support.ts';
import { signIn, signUp, uniqueUsername } from './accounts-support.ts';

test.describe('a quick start without PUBLIC_URL', () => {
  test.describe.configure({ mode: 'default' });
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: null, LOG_LEVEL: 'info' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  /** A fresh browser context whose relative URLs go to the server under the given host name. */
  async function pageAt(browser: Browser, hostName: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: `http://${hostName}:${new URL(server.url).port}` });
    await trackHydration(context);
    return context.newPage();
  }

  test('the start log prints the address to open', async () => {
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes('Ellis is listening'));
    expect(line, 'start log line').toBeDefined();
    expect((JSON.parse(line!) as { url: string }).url).toBe(server.url);
  });

  test('sign-up at 127.0.0.1 and sign-in at localhost both work', async ({ browser }) => {
    const username = uniqueUsername('quick');
    const first = await pageAt(browser, '127.0.0.1');
    await signUp(first, username);
    await first.context().close();

    const second = await pageAt(browser, 'localhost');
    await signIn(second, username);
    await second.context().close();
  });
});
