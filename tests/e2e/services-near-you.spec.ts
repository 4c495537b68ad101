// /resources renders its query on the server (SPEC's filter
// and "Services near you"), so both work without JavaScript; with it, "Use my location", share,
// copy, report a problem and bookmarks. The server starts with the shipped nine-county set.
import type { Page } from '@playwright/test';
import { signUp, uniqueUsername } from './accounts-support.ts';
import { expect, expectNoPageErrors, test, waitForHydration } from './support.ts';

const OAKLAND = { latitude: 37.8044, longitude: -122.2712 };

function services(page: Page) {
  return page.getByRole('region', { name: 'Services near you' });
}

async function searchNear(page: Page, place: string, need: string) {
  await services(page).getByLabel('Where are you?').fill(place);
  await services(page).getByLabel('What do you need?').selectOption({ label: need });
  await services(page).getByRole('button', { name: 'Find services' }).click();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the SPEC search and category filter are applied on the server', async ({ page }) => {
    await page.goto('/resources');
    await page.getByRole('main').getByRole('searchbox', { name: 'Search resources' }).fill('food');
    await page.getByRole('main').getByRole('button', { name: 'Food & Nutrition', exact: true }).click();
    await expect(page).toHaveURL(/\/resources\?q=food&category=food$/);
    await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search resources' })).toHaveValue('food');
    await expect(page.getByRole('link', { name: /^Food Pantries/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Emergency Shelter/ })).toHaveCount(0);

    await page.goto('/resources?q=zzzz');
    await expect(page.getByText('No resources found matching your search. Try different keywords or categories.')).toBeVisible();
  });

  test('services near a place are listed by the server, keeping the directory search', async ({ page }) => {
    await page.goto('/resources?q=shelter');
    await searchNear(page, 'Oakland', 'Housing & Shelter');
    await expect(page).toHaveURL(/\?q=shelter&near=Oakland&need=housing/);
    await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search resources' })).toHaveValue('shelter');
    await expect(services(page).getByRole('status')).toHaveText(/services? found near Oakland\./);
    const card = services(page).getByRole('article', { name: 'Shelter and Coordinated Entry in Alameda County' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: '211' })).toHaveAttribute('href', 'tel:211');
    await expect(card.getByText('Not verified: call to confirm, or call 211')).toBeVisible();
    await expect(card.getByRole('link', { name: /^Send by text/ })).toHaveAttribute('href', /^sms:\?&body=Shelter%20and%20Coordinated%20Entry/);
    // What needs the script is not offered without it.
    await expect(card.getByRole('button', { name: /^Copy/ })).toHaveCount(0);
    await expect(services(page).getByLabel('Where are you?')).toHaveValue('Oakland');
  });

  test('an unknown place says so and offers 211', async ({ page }) => {
    await page.goto('/resources?near=Atlantis&need=food');
    await expect(services(page).getByRole('status')).toHaveText('We could not find "Atlantis" in the Bay Area. Try a city, neighborhood or ZIP code, or call 211.');
  });
});

test.describe('with JavaScript', () => {
  test('use my location, copy, share and report a problem', async ({ page, context, pageErrors }) => {
    await context.grantPermissions(['geolocation', 'clipboard-read', 'clipboard-write']);
    await context.setGeolocation(OAKLAND);
    await page.goto('/resources?need=housing');
    await waitForHydration(page);
    await services(page).getByRole('button', { name: 'Use my location' }).click();
    await expect(page).toHaveURL(/near=37\.8044%2C-122\.2712/);
    await waitForHydration(page);
    const card = services(page).getByRole('article', { name: 'Shelter and Coordinated Entry in Alameda County' });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: /^Copy/ }).click();
    await expect(card.getByRole('button', { name: /^Copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Shelter and Coordinated Entry in Alameda County');

    await card.getByText('Report a problem').click();
    await card.getByLabel('What is wrong?').selectOption({ label: 'Wrong hours' });
    await card.getByLabel('Tell us more').fill('The line said the shelter list changed.');
    await card.getByRole('button', { name: 'Send report' }).click();
    await expect(card.getByRole('status')).toHaveText('Thank you. Someone will check this listing.');

    await expect(services(page).getByRole('button', { name: 'Print this list' })).toBeVisible();
    expectNoPageErrors(pageErrors);
  });

  test('a signed-in person can save a service to their bookmarks', async ({ page, pageErrors }) => {
    await signUp(page, uniqueUsername('svc'));
    await page.goto('/resources?near=Oakland&need=housing');
    await waitForHydration(page);
    const card = services(page).getByRole('article', { name: 'Shelter and Coordinated Entry in Alameda County' });
    await card.getByRole('button', { name: /^Save/ }).click();
    await expect(card.getByRole('button', { name: /^Saved/ })).toBeDisabled();
    await page.goto('/dashboard');
    await expect(page.getByText('Shelter and Coordinated Entry in Alameda County')).toBeVisible();
    expectNoPageErrors(pageErrors);
  });
});
