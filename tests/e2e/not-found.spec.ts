// An unknown path gets a real 404 status with the site's own styled page, not a bare error.
import { UNKNOWN_PATH, expect, test } from './support.ts';

for (const path of [UNKNOWN_PATH, '/about/nothing/here', '/resources.php']) {
  test(`${path} answers 404 with a styled page that links home`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);

    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toHaveText("We can't find that page");

    const home = page.getByRole('main').getByRole('link', { name: 'Go to the home page', exact: true });
    await expect(home).toBeVisible();
    await expect(home).toHaveAttribute('href', '/');
    // The text mentions talking with Ellis, so the page offers the chat too.
    await expect(page.getByRole('main').getByRole('link', { name: 'Chat with Ellis', exact: true })).toHaveAttribute('href', '/chat');

    // Styled: the site's stylesheet loaded (also from a nested path) and applies to the page.
    const styled = await page.evaluate(() => ({
      sheets: [...document.styleSheets].map((sheet) => sheet.href),
      font: getComputedStyle(document.body).fontFamily,
      margin: getComputedStyle(document.body).margin,
    }));
    expect(styled.sheets.filter((href) => href?.startsWith(`${new URL(page.url()).origin}/assets/`)).length).toBeGreaterThan(0);
    expect(styled.font).not.toMatch(/^"?Times/);
    expect(styled.margin).not.toBe('8px');

    // The same nav, footer and crisis numbers as every page.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('a[href="tel:988"]').first()).toBeVisible();

    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: "We can't find that page" })).toHaveCount(0);
  });
}
