/**
 * Paths of the app's pages that code links or navigates to (SPEC §2). The route table
 * (app/route-table.ts) lists every page with these; they live here so components and features can
 * link to a page without importing the app shell.
 */
export const HOME_PATH = '/';
export const ABOUT_PATH = '/about';
export const RESOURCES_PATH = '/resources';
export const PRIVACY_PATH = '/privacy';
export const SIGN_IN_PATH = '/login';
export const DASHBOARD_PATH = '/dashboard';
export const CHAT_PATH = '/chat';
export const VOICE_PATH = '/speak-with-ellis';
export const CHAT_TEST_PATH = '/chat-test';
