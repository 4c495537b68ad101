/** Every page the web app serves. The server renders each one to HTML so it works without JavaScript. */
export interface PageRoute {
  path: string;
  titleKey: string;
}

export const VOICE_PATH = '/speak-with-ellis';
export const CHAT_TEST_PATH = '/chat-test';

export const pageRoutes: readonly PageRoute[] = [
  { path: '/', titleKey: 'pageTitle.home' },
  { path: '/about', titleKey: 'pageTitle.about' },
  { path: '/resources', titleKey: 'pageTitle.resources' },
  { path: '/privacy', titleKey: 'pageTitle.privacy' },
  { path: '/login', titleKey: 'pageTitle.login' },
  { path: '/dashboard', titleKey: 'pageTitle.dashboard' },
  { path: '/chat', titleKey: 'pageTitle.chat' },
  { path: VOICE_PATH, titleKey: 'pageTitle.voice' },
  { path: CHAT_TEST_PATH, titleKey: 'pageTitle.chatTest' },
];

export const notFoundRoute: PageRoute = { path: '/404', titleKey: 'pageTitle.notFound' };

export function findPageRoute(pathname: string): PageRoute {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pageRoutes.find((route) => route.path === normalized) ?? notFoundRoute;
}
