// Issue 15: the app area (login, dashboard, chat, voice) in the visitor's language — from the
// address's prefix, else the ellis_lang cookie, else the browser's languages — with the server's
// error codes shown as the catalog's text.
import { expect, expectNoPageErrors, test, waitForHydration } from './support.ts';
import { passwordField, uniqueUsername, usernameField } from './accounts-support.ts';

test('/es/login is in Spanish, keeps the prefix in its links, and a wrong password reads the Spanish text', async ({ page, pageErrors }) => {
  await page.goto('/es/login');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicie sesión en su cuenta');
  const signIn = page.getByRole('button', { name: 'Iniciar sesión', exact: true });
  await expect(signIn).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Cree una', exact: true })).toHaveAttribute('href', '/es/login?mode=signup');

  await page.getByRole('textbox', { name: 'Nombre de usuario' }).fill(uniqueUsername('nadie'));
  await passwordField(page).fill('whatever-it-is');
  await signIn.click();
  await expect(page.getByRole('alert')).toHaveText('El nombre de usuario o la contraseña no son correctos');
  expectNoPageErrors(pageErrors);
});

test('without a prefix, the app area takes the ellis_lang cookie', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'ellis_lang', value: 'vi', url: baseURL! }]);
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Đăng nhập vào tài khoản của bạn');
  await expect(page.getByRole('button', { name: 'Đăng nhập', exact: true })).toBeEnabled();
});

test.describe('with a browser set to Traditional Chinese', () => {
  test.use({ locale: 'zh-TW' });

  test('the app area follows the browser when there is no prefix and no cookie; public pages are negotiated by the server and stay as it sent them', async ({ page }) => {
    await page.goto('/chat');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('和 Ellis 聊天');
    // An English public address is negotiated on the server (Accept-Language), then kept.
    await page.goto('/about');
    await expect(page).toHaveURL(/\/zh-Hant\/about$/);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  });
});

test('the English sign-in is unchanged', async ({ page }) => {
  await page.goto('/login');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(usernameField(page)).toBeVisible();
});

test('an app screen lists every language in its own name below the screen, and choosing one keeps it', async ({ page, pageErrors }) => {
  await page.goto('/login');
  await waitForHydration(page);
  const languages = page.getByRole('navigation', { name: 'Language' });
  await expect(languages.getByRole('link')).toHaveText(['English', 'Español', '繁體中文', 'Tagalog', 'Tiếng Việt']);
  await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await languages.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // The crisis numbers are still the first thing on the screen.
  await expect(page.locator('a[href="tel:988"]').first()).toBeVisible();
  expectNoPageErrors(pageErrors);
});
