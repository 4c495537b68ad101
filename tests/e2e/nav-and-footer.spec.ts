// SPEC §2 navigation bar and footer, on every page, at desktop width (the phone menu has its own
// journey). DESIGN §4: without ELLIS_PHONE_NUMBER every call link dials 211 and says so; without
// DONATE_URL / CHAT_COLLECTION_URL those links are hidden.
import type { Locator, Page } from '@playwright/test';
import { PAGES, expect, expectNoPageErrors, startServer, test, type RunningServer } from './support.ts';

const PAGE_LINKS = [
  ['Home', '/'],
  ['About Us', '/about'],
  ['Resources', '/resources'],
  ['Login', '/login'],
] as const;

function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

function footer(page: Page): Locator {
  return page.getByRole('contentinfo');
}

/** Only the links a person can see: the phone menu's copy of the items is hidden at this width. */
function visibleLinks(scope: Locator, selector: string): Locator {
  return scope.locator(selector).filter({ visible: true });
}

for (const path of PAGES) {
  test(`navigation bar on ${path}`, async ({ page, pageErrors }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const nav = mainNav(page);
    await expect(nav).toBeVisible();

    for (const [name, href] of PAGE_LINKS) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveText(name);
      await expect(link).toHaveAttribute('href', href);
    }

    const call = visibleLinks(nav, 'a[href^="tel:"]');
    await expect(call).toHaveCount(1);
    await expect(call).toHaveAttribute('href', 'tel:211');
    await expect(call).toHaveText('Call 211');
    await expect(call).toHaveAccessibleName(/^Call 211/);

    const chat = nav.getByRole('link', { name: 'Chat with Ellis', exact: true });
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute('href', '/chat');
    const speak = nav.getByRole('link', { name: 'Speak with Ellis', exact: true });
    await expect(speak).toBeVisible();
    await expect(speak).toHaveAttribute('href', '/speak-with-ellis');

    // DONATE_URL is unset: no donate link anywhere on the page, visible or not.
    await expect(page.locator('a').filter({ hasText: /donate/i })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /donate/i })).toHaveCount(0);
    expectNoPageErrors(pageErrors);
  });

  test(`footer on ${path}`, async ({ page }) => {
    await page.goto(path);
    const foot = footer(page);
    await expect(foot).toBeVisible();

    const contact = foot.getByRole('region', { name: 'Contact', exact: true });
    await expect(contact.getByRole('heading', { name: 'Contact', exact: true })).toBeVisible();
    const contactCall = contact.locator('a[href^="tel:"]');
    await expect(contactCall).toHaveCount(1);
    await expect(contactCall).toHaveAttribute('href', 'tel:211');
    await expect(contactCall).toContainText('Call 211');
    await expect(contact.locator('a[href="/chat"]')).toBeVisible();
    await expect(contact.locator('a[href="/speak-with-ellis"]')).toBeVisible();

    const quickLinks = foot.getByRole('region', { name: 'Quick links', exact: true });
    await expect(quickLinks.getByRole('heading', { name: 'Quick links', exact: true })).toBeVisible();
    const quickHrefs = await quickLinks.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(quickHrefs).toEqual(PAGE_LINKS.map(([, href]) => href));
    for (const [name, href] of PAGE_LINKS) {
      await expect(quickLinks.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    const year = new Date().getFullYear();
    await expect(foot.getByText(`© ${year} Ellis`, { exact: false })).toBeVisible();
    await expect(foot.getByText(/^Powered by\b/)).toBeVisible();

    await expect(foot.locator('a').filter({ hasText: /donate/i })).toHaveCount(0);
  });
}

test.describe('with DONATE_URL and CHAT_COLLECTION_URL configured', () => {
  const DONATE_URL = 'https://example.org/donate';
  const CHAT_COLLECTION_URL = 'https://example.org/conversations';
  // One extra server for the whole group: its tests run one after another in one worker.
  test.describe.configure({ mode: 'default' });
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ DONATE_URL, CHAT_COLLECTION_URL });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  for (const path of PAGES) {
    test(`donate and chat-collection links open in a new tab on ${path}`, async ({ page }) => {
      // Nothing outside this machine is reachable; the links are only inspected, never followed.
      await page.goto(`${server.url}${path}`);

      const navDonate = visibleLinks(mainNav(page), `a[href="${DONATE_URL}"]`);
      await expect(navDonate).toHaveCount(1);
      await expect(navDonate).toContainText('Donate');
      await expect(navDonate).toHaveAttribute('target', '_blank');
      await expect(navDonate).toHaveAttribute('rel', 'noopener noreferrer');

      const foot = footer(page);
      const footerDonate = foot.locator(`a[href="${DONATE_URL}"]`);
      await expect(footerDonate).toHaveCount(1);
      await expect(footerDonate).toBeVisible();
      await expect(footerDonate).toContainText('Donate');
      await expect(footerDonate).toHaveAttribute('target', '_blank');
      await expect(footerDonate).toHaveAttribute('rel', 'noopener noreferrer');

      const collection = foot.locator(`a[href="${CHAT_COLLECTION_URL}"]`);
      await expect(collection).toHaveCount(1);
      await expect(collection).toBeVisible();
      await expect(collection).toHaveAttribute('target', '_blank');
      await expect(collection).toHaveAttribute('rel', 'noopener noreferrer');

      // Every link to the donate page, wherever it is (the home page's donate box too), is safe.
      for (const link of await page.locator(`a[href="${DONATE_URL}"]`).all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    });
  }
});
