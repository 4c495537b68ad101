// SPEC §2 Resources: a search box, category filter buttons (All Categories plus six), a list of links
// per category and a National Organizations list. Search is a case-insensitive substring match on
// resource names.
import type { Locator, Page } from '@playwright/test';
import { CATEGORY_NAMES, expect, expectNoPageErrors, test, waitForHydration } from './support.ts';

const ALL_CATEGORIES = 'All Categories';
const NO_RESULTS = 'No resources found matching your search. Try different keywords or categories.';

function main(page: Page): Locator {
  return page.getByRole('main');
}

function searchBox(page: Page): Locator {
  const name = 'Search resources';
  return main(page)
    .getByRole('searchbox', { name, exact: true })
    .or(main(page).getByRole('textbox', { name, exact: true }));
}

function filterButton(page: Page, name: string): Locator {
  return main(page).getByRole('button', { name, exact: true });
}

function categoryHeading(page: Page, name: string): Locator {
  return main(page).getByRole('heading', { name, exact: true });
}

/** The links of one category: those in the nearest container of its heading that holds links. */
function categoryLinks(page: Page, name: string): Locator {
  return categoryHeading(page, name)
    .locator('xpath=ancestor::*[.//a[starts-with(@href, "http")]][1]')
    .locator('a[href^="http"]');
}

/** A link's visible name, without the screen-reader note some external links carry. */
function linkName(text: string | null): string {
  return (text ?? '').replace(/\s*\(opens in a new tab\)\s*$/, '').replace(/\s+/g, ' ').trim();
}

/** Names of the category resource links a person can see right now, per category. */
async function visibleResourceNames(page: Page): Promise<Map<string, string[]>> {
  const shown = new Map<string, string[]>();
  for (const category of CATEGORY_NAMES) {
    const heading = categoryHeading(page, category);
    if ((await heading.count()) === 0 || !(await heading.isVisible())) continue;
    const names: string[] = [];
    for (const link of await categoryLinks(page, category).filter({ visible: true }).all()) {
      names.push(linkName(await link.textContent()));
    }
    if (names.length > 0) shown.set(category, names);
  }
  return shown;
}

function flatten(shown: Map<string, string[]>): string[] {
  return [...shown.values()].flat();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/resources');
  await waitForHydration(page);
});

test('the page has the search box, the category filters and the full directory', async ({ page, pageErrors }) => {
  await expect(searchBox(page)).toBeVisible();
  await expect(searchBox(page)).toHaveValue('');

  await expect(filterButton(page, ALL_CATEGORIES)).toHaveAttribute('aria-pressed', 'true');
  for (const name of CATEGORY_NAMES) {
    await expect(filterButton(page, name)).toBeVisible();
    await expect(filterButton(page, name)).toHaveAttribute('aria-pressed', 'false');
  }
  // The filter bar holds exactly these seven buttons, in this order.
  const pressable = await main(page)
    .locator('button[aria-pressed]')
    .evaluateAll((buttons) => buttons.map((button) => button.textContent?.trim()));
  expect(pressable).toEqual([ALL_CATEGORIES, ...CATEGORY_NAMES]);

  const shown = await visibleResourceNames(page);
  expect([...shown.keys()]).toEqual([...CATEGORY_NAMES]);
  for (const category of CATEGORY_NAMES) expect(shown.get(category), category).toHaveLength(5);
  await expect(main(page).getByRole('heading', { name: 'National Organizations', exact: true })).toBeVisible();
  await expect(main(page).getByText(NO_RESULTS, { exact: true })).toHaveCount(0);
  expectNoPageErrors(pageErrors);
});

test('typing a resource name filters case-insensitively', async ({ page }) => {
  const all = flatten(await visibleResourceNames(page));
  expect(all).toHaveLength(30);
  // A name from the middle of the directory, typed in the wrong case.
  const healthcare = (await visibleResourceNames(page)).get('Healthcare') ?? [];
  const target = healthcare[0];
  expect(target, 'a Healthcare resource to search for').toBeTruthy();
  if (!target) return;

  for (const query of [target.toUpperCase(), target.toLowerCase()]) {
    await searchBox(page).fill(query);
    const expected = all.filter((name) => name.toLowerCase().includes(query.toLowerCase()));
    await expect.poll(async () => flatten(await visibleResourceNames(page)).sort()).toEqual([...expected].sort());
    expect(expected.length).toBeLessThan(30);
    await expect(categoryLinks(page, 'Healthcare').filter({ hasText: target }).first()).toBeVisible();
  }

  // A substring matches too: the middle of the name in mixed case.
  const middle = target.slice(1, Math.max(3, target.length - 1));
  const mixed = [...middle].map((character, index) => (index % 2 ? character.toUpperCase() : character.toLowerCase())).join('');
  await searchBox(page).fill(mixed);
  const expected = all.filter((name) => name.toLowerCase().includes(middle.toLowerCase()));
  await expect.poll(async () => flatten(await visibleResourceNames(page)).sort()).toEqual([...expected].sort());

  // Clearing the search brings every resource back.
  await searchBox(page).fill('');
  await expect.poll(async () => flatten(await visibleResourceNames(page)).length).toBe(30);
});

test('picking a category shows only that category', async ({ page }) => {
  await filterButton(page, 'Food & Nutrition').click();
  await expect(filterButton(page, 'Food & Nutrition')).toHaveAttribute('aria-pressed', 'true');
  await expect(filterButton(page, ALL_CATEGORIES)).toHaveAttribute('aria-pressed', 'false');
  for (const other of CATEGORY_NAMES.filter((name) => name !== 'Food & Nutrition')) {
    await expect(filterButton(page, other)).toHaveAttribute('aria-pressed', 'false');
  }
  await expect.poll(async () => [...(await visibleResourceNames(page)).keys()]).toEqual(['Food & Nutrition']);
  expect((await visibleResourceNames(page)).get('Food & Nutrition')).toHaveLength(5);

  await filterButton(page, 'Legal Services').click();
  await expect(filterButton(page, 'Legal Services')).toHaveAttribute('aria-pressed', 'true');
  await expect(filterButton(page, 'Food & Nutrition')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => [...(await visibleResourceNames(page)).keys()]).toEqual(['Legal Services']);

  await filterButton(page, ALL_CATEGORIES).click();
  await expect(filterButton(page, ALL_CATEGORIES)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => [...(await visibleResourceNames(page)).keys()]).toEqual([...CATEGORY_NAMES]);
});

test('a query that matches nothing says so', async ({ page }) => {
  await searchBox(page).fill('zqxjv no such resource');
  await expect(main(page).getByText(NO_RESULTS, { exact: true })).toBeVisible();
  await expect.poll(async () => flatten(await visibleResourceNames(page))).toEqual([]);

  await searchBox(page).fill('');
  await expect(main(page).getByText(NO_RESULTS, { exact: true })).toHaveCount(0);
  await expect.poll(async () => flatten(await visibleResourceNames(page)).length).toBe(30);
});
