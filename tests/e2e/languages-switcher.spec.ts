// Issue 15: the language switcher as an island: Escape closes it and puts focus back on its toggle
// (while still counting towards the quick exit's double Escape), and choosing a language opens the
// page in it.
import { expect, expectNoPageErrors, test, waitForHydration } from './support.ts';

test('Escape closes the switcher and returns focus to its toggle; a choice opens the page in that language', async ({ page, pageErrors }) => {
  await page.goto('/resources');
  await waitForHydration(page);
  const switcher = page.locator('details.language-switcher');
  const toggle = switcher.locator(':scope > summary');
  await expect(toggle).toHaveAccessibleName('Language: English');
  await toggle.click();
  await expect(switcher).toHaveAttribute('open', '');
  await switcher.getByRole('link', { name: 'Español', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(switcher).not.toHaveAttribute('open');
  await expect(toggle).toBeFocused();
  expect(page.url()).toMatch(/\/resources$/);

  await toggle.click();
  await switcher.getByRole('link', { name: 'Tagalog', exact: true }).click();
  await expect(page).toHaveURL(/\/tl\/resources$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'tl');
  await waitForHydration(page);
  await expect(page.locator('details.language-switcher > summary')).toHaveAccessibleName('Wika: Tagalog');
  // The directory island works in Tagalog too.
  await page.locator('#resource-search').fill('food');
  await expect(page.locator('.resources-link-name').first()).toHaveText('Food Pantries');
  await expect(page).toHaveURL(/\/tl\/resources\?q=food$/);
  expectNoPageErrors(pageErrors);
});
