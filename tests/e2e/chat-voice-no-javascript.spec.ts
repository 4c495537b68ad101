// /chat and the voice page need JavaScript; without it they say so and offer a
// call, a text and the resources, instead of a spinner that never ends. Chromium with scripts
// disabled by Playwright does not render <noscript>, so its content is checked in the served HTML
// and the rest in the page (axe needs scripts, so the pages' axe checks are in accessibility.spec.ts).
// Runs at both widths.
import { expect, test } from './support.ts';

test.use({ javaScriptEnabled: false });

const SCREENS = [
  {
    path: '/chat',
    message:
      'Chat with Ellis needs JavaScript, which is turned off or blocked in this browser. You can call or text for help instead, or browse the resources, which work without JavaScript.',
  },
  {
    path: '/speak-with-ellis',
    message:
      'Voice calls need JavaScript, which is turned off or blocked in this browser. You can call or text for help instead, or browse the resources, which work without JavaScript.',
  },
];

for (const { path, message } of SCREENS) {
  test(`${path} without JavaScript says it needs JavaScript and offers a call, a text and the resources`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html.slice(html.indexOf('<main')))?.[1] ?? '';
    expect(noscript, 'the <noscript> help in the served page').toContain(`<p>${message.replace(/'/g, '&#x27;')}</p>`);
    expect(noscript).toContain('href="tel:211"');
    expect(noscript).toContain('href="sms:988"');
    expect(noscript).toContain('href="/resources"');

    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    // Nothing pretends to be on its way.
    await expect(page.locator('.spinner')).toHaveCount(0);
    await expect(page.getByText('Connecting you with Ellis...')).toHaveCount(0);
  });
}
