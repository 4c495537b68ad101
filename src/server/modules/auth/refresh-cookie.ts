import type { FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE_NAME } from '../../../shared/session-hint.ts';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH } from './constants.ts';

/** The web app's refresh cookie (HttpOnly, DESIGN §5.1) and its secret-free hint, set together. */
export function setRefreshCookies(reply: FastifyReply, refreshToken: string, maxAgeSeconds: number, secure: boolean): void {
  reply.setCookie(REFRESH_COOKIE_NAME, refreshToken, { httpOnly: true, sameSite: 'strict', secure, path: REFRESH_COOKIE_PATH, maxAge: maxAgeSeconds });
  reply.setCookie(SESSION_HINT_COOKIE_NAME, '1', { httpOnly: false, sameSite: 'strict', secure, path: '/', maxAge: maxAgeSeconds });
}

export function clearRefreshCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(REFRESH_COOKIE_NAME, { httpOnly: true, sameSite: 'strict', secure, path: REFRESH_COOKIE_PATH });
  reply.clearCookie(SESSION_HINT_COOKIE_NAME, { httpOnly: false, sameSite: 'strict', secure, path: '/' });
}
