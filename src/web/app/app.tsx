import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout.tsx';
import { pageRouteFor, pageRoutes } from './route-table.ts';
import { HomePage } from '../pages/home-page.tsx';
import { AboutPage } from '../pages/about-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { currentLocale, loadCatalogs } from '../i18n/i18n.ts';
import { ABOUT_PATH, CHAT_PATH, CHAT_TEST_PATH, DASHBOARD_PATH, HOME_PATH, PRIVACY_PATH, RESOURCES_PATH, SIGN_IN_PATH, VOICE_PATH } from '../lib/paths.ts';

/**
 * A screen that loads its code and its catalogs (those of the route table) only when visited, so the
 * public pages stay small. The server render waits for it, so it is prerendered like the rest.
 */
function lazyScreen(path: string, load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadCatalogs(currentLocale(), pageRouteFor(path).namespaces)]);
    return { default: component };
  });
}

// The voice screen's code (capture worklet, player, socket) loads only on its own route, and the
// chat's only on the chat routes.
const screens: Record<string, ComponentType> = {
  [HOME_PATH]: HomePage,
  [ABOUT_PATH]: AboutPage,
  // Public pages are served as islands (decision 097); reached inside the app by a client-side link,
  // /resources loads its code (and its services island's) only then.
  [RESOURCES_PATH]: lazyScreen(RESOURCES_PATH, async () => (await import('../pages/resources-page.tsx')).ResourcesPage),
  [PRIVACY_PATH]: lazyScreen(PRIVACY_PATH, async () => (await import('../pages/privacy-page.tsx')).PrivacyPage),
  [SIGN_IN_PATH]: lazyScreen(SIGN_IN_PATH, async () => (await import('../pages/login-page.tsx')).LoginPage),
  [DASHBOARD_PATH]: lazyScreen(DASHBOARD_PATH, async () => (await import('../pages/dashboard-page.tsx')).DashboardPage),
  [CHAT_PATH]: lazyScreen(CHAT_PATH, async () => (await import('../pages/chat-page.tsx')).ChatPage),
  [VOICE_PATH]: lazyScreen(VOICE_PATH, async () => (await import('../pages/voice-page.tsx')).VoicePage),
  [CHAT_TEST_PATH]: lazyScreen(CHAT_TEST_PATH, async () => (await import('../pages/chat-test-page.tsx')).ChatTestPage),
};

export function App() {
  return (
    <AuthProvider>
      <Routes>
        <Route element={<Layout />}>
          {pageRoutes.map(({ path }) => {
            const Screen = screens[path];
            if (!Screen) throw new Error(`No screen for ${path}`);
            return path === HOME_PATH ? <Route key={path} index element={<Screen />} /> : <Route key={path} path={path.slice(1)} element={<Screen />} />;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AuthProvider>
  );
}
