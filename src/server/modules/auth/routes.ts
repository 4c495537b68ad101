import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal, refusedWith, type ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { noContentSchema } from '../../../shared/api-contracts.ts';
import {
  challengeResultSchema,
  enrollBodySchema,
  enrollResultSchema,
  factorParamsSchema,
  goTrueSessionSchema,
  goTrueSettingsSchema,
  goTrueUserSchema,
  jwksSchema,
  logoutQuerySchema,
  recoverWithCodeBodySchema,
  recoveryCodeBodySchema,
  recoveryCodeSchema,
  sessionWithRecoveryCodeSchema,
  signUpBodySchema,
  tokenBodySchema,
  tokenQuerySchema,
  unenrollResultSchema,
  updateUserBodySchema,
  verifyBodySchema,
  type GoTrueUser,
  type TokenBody,
} from '../../../shared/accounts-api.ts';
import { AppError } from '../../app-error.ts';
import { describeError } from '../../plugins/errors.ts';
import { bearerToken, currentUser, requireSession, requireUser, type RequestUser } from '../../plugins/authenticate.ts';
import type { MfaService } from '../mfa/service.ts';
import { AuthError, type AuthService, type RequestContext } from './service.ts';
import type { AuthenticatedSession, IssuedTokens, SessionService } from './sessions.ts';
import type { AccessTokens } from './tokens.ts';
import { toGoTrueSession } from './user-view.ts';
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

const grantQuery = refusedWith(tokenQuerySchema, refusal(400, 'unsupported_grant_type'));
const logoutQuery = refusedWith(logoutQuerySchema, refusal(400, 'validation_failed'));

/**
 * The GoTrue-compatible subset under /auth/v1 (DESIGN §5.1). Errors here have GoTrue's shape
 * `{code: <status>, error_code, msg}` so @supabase/auth-js reads them as it reads the hosted service's.
 */
export async function authRoutes(fastify: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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
  function presentedRefreshToken(request: FastifyRequest, body: TokenBody): { token: string | null; fromCookie: boolean } {
    const fromBody = body.refresh_token;
    if (fromBody !== undefined && fromBody !== '') return { token: fromBody, fromCookie: false };
    const cookie = request.cookies[REFRESH_COOKIE_NAME];
    if (!cookie) return { token: null, fromCookie: false };
    if (!isWebClient(request)) throw notFromWebApp();
    return { token: cookie, fromCookie: true };
  }

  const signUpSchema = {
    summary: 'Create an account (username and password) and sign in; answers the one-time recovery code.',
    body: signUpBodySchema,
    response: { 200: sessionWithRecoveryCodeSchema },
  };
  app.post('/signup', { schema: signUpSchema }, async (request, reply) => {
    const { tokens, user, recoveryCode } = await auth.signUp(request.body, context(request));
    return { ...sessionBody(request, reply, tokens, user), recovery_code: recoveryCode };
  });

  const tokenSchema = {
    summary: 'Sign in (grant_type=password) or renew a session (grant_type=refresh_token).',
    querystring: grantQuery,
    body: tokenBodySchema,
    response: { 200: goTrueSessionSchema },
  };
  app.post('/token', { schema: tokenSchema }, async (request, reply) => {
    if (request.query.grant_type === 'password') {
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
    const { token, fromCookie } = presentedRefreshToken(request, request.body);
    try {
      const { tokens, user } = await auth.refresh(token, context(request));
      return sessionBody(request, reply, tokens, user);
    } catch (error) {
      // A dead cookie is dropped so the browser stops sending it.
      if (fromCookie && error instanceof AppError && error.statusCode === 400) clearRefreshCookie(reply);
      throw error;
    }
  });

  const logoutSchema = {
    summary: 'Sign out this session, every session (global) or the others.',
    querystring: logoutQuery,
    response: { 204: noContentSchema },
  };
  app.post('/logout', { schema: logoutSchema }, async (request, reply) => {
    const { scope } = request.query;
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
    await auth.logout(session, scope);
    return reply.status(204).send();
  });

  const userSchema = { summary: 'The signed-in user.', response: { 200: goTrueUserSchema } };
  app.get('/user', { preValidation: requireSession, schema: userSchema }, async (request) => auth.getUser(currentUser(request).id));

  const updateUserSchema = {
    summary: 'Change the password (with the current one) or the username.',
    body: updateUserBodySchema,
    response: { 200: goTrueUserSchema },
  };
  app.put('/user', { preValidation: requireUser, schema: updateUserSchema }, async (request) =>
    auth.updateUser(toSession(currentUser(request)), request.body),
  );

  const enrollSchema = {
    summary: 'Start setting up an authenticator app (TOTP).',
    body: enrollBodySchema,
    response: { 200: enrollResultSchema },
  };
  app.post('/factors', { preValidation: requireSession, schema: enrollSchema }, async (request) => {
    const user = currentUser(request);
    const body = request.body;
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
  const recoverSchema = {
    summary: 'Turn two-step verification off with the recovery code instead of the app code.',
    body: recoveryCodeBodySchema,
    response: { 200: sessionWithRecoveryCodeSchema },
  };
  app.post('/factors/recover', { preValidation: requireSession, schema: recoverSchema }, async (request, reply) => {
    const { tokens, user, recoveryCode } = await auth.recoverSecondFactor(toSession(currentUser(request)), request.body.recovery_code, context(request));
    return { ...sessionBody(request, reply, tokens, user), recovery_code: recoveryCode };
  });

  const challengeSchema = { summary: 'Ask for a code check of a factor.', params: factorParamsSchema, response: { 200: challengeResultSchema } };
  app.post('/factors/:factorId/challenge', { preValidation: requireSession, schema: challengeSchema }, async (request) =>
    mfa.challenge(toSession(currentUser(request)), request.params.factorId),
  );

  const verifySchema = {
    summary: 'Check an authenticator code: the session becomes aal2.',
    params: factorParamsSchema,
    body: verifyBodySchema,
    response: { 200: goTrueSessionSchema },
  };
  app.post('/factors/:factorId/verify', { preValidation: requireSession, schema: verifySchema }, async (request, reply) => {
    const body = request.body;
    const tokens = await mfa.verify(toSession(currentUser(request)), request.params.factorId, {
      challengeId: body.challenge_id,
      code: body.code,
    });
    return sessionBody(request, reply, tokens, await auth.getUser(tokens.userId));
  });

  const unenrollSchema = { summary: 'Remove a factor.', params: factorParamsSchema, response: { 200: unenrollResultSchema } };
  app.delete('/factors/:factorId', { preValidation: requireSession, schema: unenrollSchema }, async (request) =>
    mfa.unenroll(toSession(currentUser(request)), request.params.factorId),
  );

  const recoverWithCodeSchema = {
    summary: 'Set a new password with the recovery code; every session ends.',
    body: recoverWithCodeBodySchema,
    response: { 200: recoveryCodeSchema },
  };
  app.post('/recover-with-code', { schema: recoverWithCodeSchema }, async (request) => {
    const { recoveryCode } = await auth.recoverWithCode(request.body, context(request));
    return { recovery_code: recoveryCode };
  });

  const keysSchema = { summary: 'The public keys access tokens are signed with.', response: { 200: jwksSchema } };
  app.get('/.well-known/jwks.json', { schema: keysSchema }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=600');
    return accessTokens.jwks();
  });

  app.get('/settings', { schema: { summary: 'What this GoTrue-compatible server offers.', response: { 200: goTrueSettingsSchema } } }, async () => ({
    external: { email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));
}
