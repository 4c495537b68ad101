import { LOCALES, isLocalizedPage, localePath, splitLocalePath } from '../../shared/locales.ts';
import type { LazyNamespace } from '../i18n/i18n.ts';
import { ABOUT_PATH, CHAT_PATH, CHAT_TEST_PATH, DASHBOARD_PATH, HOME_PATH, PRIVACY_PATH, RESOURCES_PATH, SIGN_IN_PATH, VOICE_PATH } from '../lib/paths.ts';

/**
 * Every page the web app serves: the one list the router (app.tsx), the server renderer and
 * prerenderer (entry-server.tsx), the tests and the benches read. The server renders each page to
 * HTML in every language, so it works without JavaScript.
 */
export interface PageRoute {
  path: string;
  titleKey: string;
  /** Catalogs the page needs beyond the ones every page has (common, content, resources). */
  namespaces: readonly LazyNamespace[];
  /**
   * Public pages (DESIGN §9 JS budget; islands, decision 097), as shared/locales.ts lists them for the
   * server; the others are the app area (account, chat, voice).
   */
  area: 'public' | 'app';
}

const pages: readonly Omit<PageRoute, 'area'>[] = [
  { path: HOME_PATH, titleKey: 'pageTitle.home', namespaces: [] },
  { path: ABOUT_PATH, titleKey: 'pageTitle.about', namespaces: [] },
  { path: RESOURCES_PATH, titleKey: 'pageTitle.resources', namespaces: [] },
  { path: PRIVACY_PATH, titleKey: 'pageTitle.privacy', namespaces: ['privacy'] },
  { path: SIGN_IN_PATH, titleKey: 'pageTitle.login', namespaces: ['auth'] },
  { path: DASHBOARD_PATH, titleKey: 'pageTitle.dashboard', namespaces: ['auth', 'dashboard', 'privacy'] },
  { path: CHAT_PATH, titleKey: 'pageTitle.chat', namespaces: ['chat'] },
  { path: VOICE_PATH, titleKey: 'pageTitle.voice', namespaces: ['voice'] },
  { path: CHAT_TEST_PATH, titleKey: 'pageTitle.chatTest', namespaces: ['chat'] },
];

export const pageRoutes: readonly PageRoute[] = pages.map((page) => ({ ...page, area: isLocalizedPage(page.path) ? 'public' : 'app' }));

export const notFoundRoute: PageRoute = { path: '/404', titleKey: 'pageTitle.notFound', namespaces: [], area: 'public' };

/** Every page path, in every language (/login, /es/login, …). */
export const localizedPagePaths: readonly string[] = LOCALES.flatMap((locale) => pageRoutes.map((route) => localePath(locale, route.path)));

export function pageRouteFor(path: string): PageRoute {
  const route = pageRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No page route ${path}`);
  return route;
}

/** The page for a path, with or without a language prefix, ignoring case and a trailing slash. */
export function findPageRoute(pathname: string): PageRoute {
  const { path } = splitLocalePath(pathname);
  const normalized = (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  return pageRoutes.find((route) => route.path === normalized) ?? notFoundRoute;
}
