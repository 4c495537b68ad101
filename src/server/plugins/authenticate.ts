import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';
import type { Aal } from '../modules/auth/tokens.ts';
import type { RequestSession } from '../modules/auth/sessions.ts';

/** The caller, once their bearer token and session row have been checked. */
export interface RequestUser {
  id: string;
  sessionId: string;
  aal: Aal;
  /** Whether the user has a verified second factor (read with the session row). */
  hasVerifiedFactor: boolean;
}

export interface Authenticator {
  /** Verifies an access token and its session row (revoked or expired → 401). */
  authenticate(accessToken: string): Promise<RequestSession>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireSession; null on public routes. */
    user: RequestUser | null;
  }
  interface FastifyInstance {
    authenticator: Authenticator;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Decorates the root instance so every module's route hooks can reach the authenticator. */
export function registerAuthentication(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorate('authenticator', authenticator);
  app.decorateRequest('user', null);
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/**
 * Route hook for endpoints an aal1 session of an enrolled user may still reach (GET /user, the
 * factor endpoints, logout): a valid bearer token of a live session. Responses are never cached.
 * Routes run it as `preValidation`, so the caller is checked before the request's schemas
 * (docs/decisions/090): a stranger gets 401, never a 400 or 404 that says something.
 */
export async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('Cache-Control', 'no-store');
  if (request.user) return;
  const token = bearerToken(request);
  if (!token) throw new AppError(401, 'no_authorization', 'Sign in to continue.');
  const session = await request.server.authenticator.authenticate(token);
  request.user = {
    id: session.userId,
    sessionId: session.sessionId,
    aal: session.aal,
    hasVerifiedFactor: session.hasVerifiedFactor,
  };
}

/**
 * DESIGN §6: someone with a verified second factor who signed in with a password alone (aal1) may
 * only reach the MFA endpoints until they enter a code.
 */
export function requireAal2WhenEnrolled(request: FastifyRequest): void {
  const user = request.user;
  if (!user) throw new AppError(401, 'no_authorization', 'Sign in to continue.');
  if (user.aal !== 'aal2' && user.hasVerifiedFactor) {
    throw new AppError(403, 'insufficient_aal', 'Enter the code from your authenticator app to continue.');
  }
}

/** Route hook (`preValidation`) for every other authenticated endpoint: a live session at the assurance level it needs. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireSession(request, reply);
  requireAal2WhenEnrolled(request);
}

/** The checked caller; only call after requireUser or requireSession ran. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(401, 'no_authorization', 'Sign in to continue.');
  return request.user;
}
