import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { describeError } from '../../plugins/errors.ts';
import { bearerToken, currentUser, requireSession, requireUser, type RequestUser } from '../../plugins/authenticate.ts';
import type { MfaService } from '../mfa/service.ts';
import { AuthError, type AuthService, type RequestContext } from './service.ts';
import type { AuthenticatedSession, IssuedTokens, LogoutScope, SessionService } from './sessions.ts';
import type { AccessTokens } from './tokens.ts';
import { toGoTrueSession, type GoTrueUser } from './user-view.ts';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH, WEB_CLIENT_INFO } from './constants.ts';
import { clearRefreshCookies, setRefreshCookies } from './refresh-cookie.ts';
import { KNOWN_DEVICE_COOKIE_MAX_AGE_SECONDS, KNOWN_DEVICE_COOKIE_NAME } from './known-devices.ts';
import type { SiteOriginCheck } from '../../plugins/site-origin.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  mfa: MfaService;
  sessions: SessionService;
  accessTokens: AccessTokens;
  /** The site's own origins: the only ones web-client requests may come from. */
  isSiteOrigin: SiteOriginCheck;
  secureCookies: boolean;
}

const LOGOUT_SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

/** X-Client-Info: ellis-web — the refresh token travels in an HttpOnly cookie, never in JSON. */
export function isWebClient(request: FastifyRequest): boolean {
  const value = request.headers['x-client-info'];
  return typeof value === 'string' && (value === WEB_CLIENT_INFO || value.startsWith(`${WEB_CLIENT_INFO}/`));
}

const notFromWebApp = () => new AppError(403, 'invalid_request_origin', 'This request must come from the Ellis web app.');

function context(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    deviceCookie: request.cookies[KNOWN_DEVICE_COOKIE_NAME] ?? null,
  };
}

function toSession(user: RequestUser): AuthenticatedSession {
  return { userId: user.id, sessionId: user.sessionId, aal: user.aal };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The GoTrue-compatible subset under /auth/v1 (DESIGN §5.1). Errors here have GoTrue's shape
 * `{code: <status>, error_code, msg}` so @supabase/auth-js reads them as it reads the hosted service's.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { auth, mfa, sessions, accessTokens, isSiteOrigin, secureCookies } = options;

  // Clients post `{}` or nothing at all to /logout and the refresh grant; an empty JSON body is `{}` here.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return defaultJsonParser(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode, code, message, headers, requestId } = describeError(error, request);
    return reply.status(statusCode).headers(headers).send({
      code: statusCode,
      error_code: code,
      msg: message,
      ...(error instanceof AuthError ? error.extra : {}),
      ...(requestId ? { request_id: requestId } : {}),
    });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ code: 404, error_code: 'not_found', msg: 'Not found' }));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // A web-client request from another site is refused before it can touch a session or a cookie:
    // by its Origin, and by Sec-Fetch-Site for browsers that leave Origin out.
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (isWebClient(request) && origin !== undefined && !isSiteOrigin(origin)) throw notFromWebApp();
    if (isWebClient(request) && fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') throw notFromWebApp();
  });

  function setRefreshCookie(reply: FastifyReply, tokens: IssuedTokens): void {
    setRefreshCookies(reply, tokens.refreshToken, tokens.refreshLifetimeSeconds, secureCookies);
  }

  function clearRefreshCookie(reply: FastifyReply): void {
    clearRefreshCookies(reply, secureCookies);
  }

  /** A session response; in web-client mode the refresh token goes into the cookie instead of the body. */
  function sessionBody(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens, user: GoTrueUser) {
    const body = toGoTrueSession(tokens, user);
    if (!isWebClient(request)) return body;
    setRefreshCookie(reply, tokens);
    const { refresh_token: _omitted, ...withoutRefreshToken } = body;
    return withoutRefreshToken;
  }

  /** The refresh token from the body, else from the cookie (web client only). */
  function presentedRefreshToken(request: FastifyRequest): { token: string | null; fromCookie: boolean } {
    const fromBody = record(request.body).refresh_token;
    if (typeof fromBody === 'string' && fromBody !== '') return { token: fromBody, fromCookie: false };
    const cookie = request.cookies[REFRESH_COOKIE_NAME];
    if (!cookie) return { token: null, fromCookie: false };
    if (!isWebClient(request)) throw notFromWebApp();
    return { token: cookie, fromCookie: true };
  }

  app.post('/signup', async (request, reply) => {
    const { tokens, user, recoveryCode } = await auth.signUp(request.body, context(request));
    return { ...sessionBody(request, reply, tokens, user), recovery_code: recoveryCode };
  });

  app.post('/token', async (request, reply) => {
    const grantType = record(request.query).grant_type;
    if (grantType === 'password') {
      const { tokens, user, deviceCookie } = await auth.signInWithPassword(request.body, context(request));
      reply.setCookie(KNOWN_DEVICE_COOKIE_NAME, deviceCookie, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        path: REFRESH_COOKIE_PATH,
        maxAge: KNOWN_DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      return sessionBody(request, reply, tokens, user);
    }
    if (grantType === 'refresh_token') {
      const { token, fromCookie } = presentedRefreshToken(request);
      try {
        const { tokens, user } = await auth.refresh(token, context(request));
        return sessionBody(request, reply, tokens, user);
      } catch (error) {
        // A dead cookie is dropped so the browser stops sending it.
        if (fromCookie && error instanceof AppError && error.statusCode === 400) clearRefreshCookie(reply);
        throw error;
      }
    }
    throw new AppError(400, 'unsupported_grant_type', 'Unsupported grant type: use password or refresh_token');
  });

  app.post('/logout', async (request, reply) => {
    const scope = record(request.query).scope ?? 'global';
    if (typeof scope !== 'string' || !LOGOUT_SCOPES.includes(scope as LogoutScope)) {
      throw new AppError(400, 'validation_failed', 'Parameter scope must be one of global, local, others');
    }
    if (isWebClient(request) && scope !== 'others') clearRefreshCookie(reply);
    let session: AuthenticatedSession | null = null;
    let bearerError: unknown = null;
    if (bearerToken(request)) {
      try {
        await requireSession(request, reply);
        session = toSession(currentUser(request));
      } catch (error) {
        bearerError = error;
      }
    }
    if (!session) {
      // The web app may sign out with an expired access token: the cookie names the session.
      const cookie = request.cookies[REFRESH_COOKIE_NAME];
      if (cookie) {
        if (!isWebClient(request)) throw notFromWebApp();
        session = await sessions.sessionForRefreshToken(cookie);
      }
    }
    if (!session) throw bearerError ?? new AppError(401, 'no_authorization', 'Sign in to continue.');
    await auth.logout(session, scope as LogoutScope);
    return reply.status(204).send();
  });

  app.get('/user', { preHandler: requireSession }, async (request) => auth.getUser(currentUser(request).id));

  app.put('/user', { preHandler: requireUser }, async (request) => auth.updateUser(toSession(currentUser(request)), request.body));

  app.post('/factors', { preHandler: requireSession }, async (request) => {
    const user = currentUser(request);
    const body = record(request.body);
    const result = await mfa.enroll(
      toSession(user),
      { factorType: body.factor_type, friendlyName: body.friendly_name, issuer: body.issuer },
      await auth.usernameOf(user.id),
    );
    // auth-js turns GoTrue's SVG markup into a data URL itself; the web app gets one ready for <img>.
    if (isWebClient(request)) {
      return { ...result, totp: { ...result.totp, qr_code: `data:image/svg+xml;base64,${Buffer.from(result.totp.qr_code).toString('base64')}` } };
    }
    return result;
  });

  // The recovery code in place of the authenticator app's code (docs/decisions/041).
  app.post('/factors/recover', { preHandler: requireSession }, async (request, reply) => {
    const { tokens, user, recoveryCode } = await auth.recoverSecondFactor(toSession(currentUser(request)), request.body, context(request));
    return { ...sessionBody(request, reply, tokens, user), recovery_code: recoveryCode };
  });

  app.post<{ Params: { factorId: string } }>('/factors/:factorId/challenge', { preHandler: requireSession }, async (request) =>
    mfa.challenge(toSession(currentUser(request)), request.params.factorId),
  );

  app.post<{ Params: { factorId: string } }>('/factors/:factorId/verify', { preHandler: requireSession }, async (request, reply) => {
    const body = record(request.body);
    const tokens = await mfa.verify(toSession(currentUser(request)), request.params.factorId, {
      challengeId: body.challenge_id,
      code: body.code,
    });
    return sessionBody(request, reply, tokens, await auth.getUser(tokens.userId));
  });

  app.delete<{ Params: { factorId: string } }>('/factors/:factorId', { preHandler: requireSession }, async (request) =>
    mfa.unenroll(toSession(currentUser(request)), request.params.factorId),
  );

  app.post('/recover-with-code', async (request) => {
    const { recoveryCode } = await auth.recoverWithCode(request.body, context(request));
    return { recovery_code: recoveryCode };
  });

  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=600');
    return accessTokens.jwks();
  });

  app.get('/settings', async () => ({
    external: { email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));
}
