import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import {
  passwordChecklist,
  passwordErrors,
  syntheticEmail,
  usernameErrors,
  usernameFromSyntheticEmail,
  formMessages,
  type PasswordRule,
} from '../../../shared/validation/account-rules.ts';
import type { FactorView, GoTrueUser, LogoutScope, RecoverWithCodeBody, SignUpBody, TokenBody, UpdateUserBody } from '../../../shared/accounts-api.ts';
import type { RateLimitRules } from './constants.ts';
import type { PasswordHasher } from './passwords.ts';
import type { KnownDevices } from './known-devices.ts';
import type { PasswordAttempt, SignInThrottle } from './sign-in-throttle.ts';
import { hashRecoveryCode, newRecoveryCode, recoveryCodeMatches } from './recovery-codes.ts';
import { UsernameTakenError, type AuthRepository, type UserRecord } from './repository.ts';
import type { AuthenticatedSession, IssuedTokens, SessionService } from './sessions.ts';
import { toGoTrueUser } from './user-view.ts';

/** Where a request came from, for rate limits and the session's device label. */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
  /** The known-device cookie, if the browser sent one (known-devices.ts). */
  deviceCookie: string | null;
}

/** What the auth module needs from the MFA module (a port, so neither imports the other's internals). */
export interface FactorDirectory {
  listFactors(userId: string): Promise<FactorView[]>;
}

/** An AppError whose GoTrue body carries extra fields (weak_password.reasons). */
export class AuthError extends AppError {
  readonly extra: Record<string, unknown>;
  constructor(statusCode: number, code: string, message: string, extra: Record<string, unknown>) {
    super(statusCode, code, message);
    this.extra = extra;
  }
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';

const invalidCredentials = () => new AppError(400, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);

function assertUsername(username: string): void {
  const [problem] = usernameErrors(username);
  if (problem) throw new AppError(422, 'validation_failed', problem);
}

/** GoTrue's reason for a password that is common or quickly guessed (it means "found in a breach list"). */
const GUESSABLE_REASON = 'pwned';
export const GUESSABLE_PASSWORD_MESSAGE = 'This password is too common or too easy to guess. Choose one that is harder to guess.';

/**
 * SPEC §5's rules (reasons `length`, `uppercase`, `lowercase`, `number`, plus GoTrue's `characters`
 * when a character class is missing), then the offline strength estimate (reason `pwned`).
 */
function weakPassword(reasons: string[], problems: string[]): AuthError {
  return new AuthError(422, 'weak_password', problems[0]!, {
    weak_password: { reasons, messages: problems, message: problems.join(' ') },
  });
}

export interface AuthServiceDependencies {
  repository: AuthRepository;
  sessions: SessionService;
  passwords: PasswordHasher;
  factors: FactorDirectory;
  limiter: RateLimiter;
  limits: RateLimitRules;
  throttle: SignInThrottle;
  knownDevices: KnownDevices;
  now: () => number;
  logger: FastifyBaseLogger;
}

/**
 * Accounts without email (SPEC §3, §5; DESIGN §5.1, §6): sign-up with a username and the synthetic
 * address, password sign-in, refresh, logout, the user object, password change, the recovery code
 * and account deletion. Rate limits apply per IP and per username.
 */
export class AuthService {
  readonly #deps: AuthServiceDependencies;

  constructor(deps: AuthServiceDependencies) {
    this.#deps = deps;
  }

  /** POST /signup: `{email, password, data:{username}}` or `{username, password}`. */
  async signUp(input: SignUpBody, context: RequestContext): Promise<{ tokens: IssuedTokens; user: GoTrueUser; recoveryCode: string }> {
    await this.#deps.limiter.consume(`signup:ip:${context.ip}`, this.#deps.limits.signUpPerIp);
    const email = input.email ?? null;
    const username = input.data?.username ?? input.username ?? (email ? usernameFromSyntheticEmail(email) : null) ?? '';
    assertUsername(username);
    if (email !== null && email.toLowerCase() !== syntheticEmail(username)) {
      throw new AppError(422, 'validation_failed', 'Ellis accounts use a username, not an email address');
    }
    await this.#deps.limiter.consume(`signup:user:${username.toLowerCase()}`, this.#deps.limits.signUpPerUsername);
    const password = input.password ?? '';
    await this.#assertStrongPassword(password, username);
    if (await this.#deps.repository.usernameKeyExists(username.toLowerCase())) throw this.#usernameTaken();

    const now = this.#deps.now();
    const recoveryCode = newRecoveryCode();
    const id = newId(now);
    try {
      await this.#deps.repository.createUserWithProfile({
        id,
        email: syntheticEmail(username),
        username,
        passwordHash: await this.#deps.passwords.hash(password),
        recoveryCodeHash: hashRecoveryCode(recoveryCode),
        at: new Date(now).toISOString(),
      });
    } catch (error) {
      if (error instanceof UsernameTakenError) throw this.#usernameTaken();
      throw error;
    }
    const user = await this.#requireUser(id);
    const tokens = await this.#deps.sessions.start(user, context.userAgent);
    this.#deps.logger.info({ userId: id, sessionId: tokens.sessionId }, 'account created');
    return { tokens, user: toGoTrueUser(user, []), recoveryCode };
  }

  /**
   * POST /token?grant_type=password: `{email or username, password}`. Returns a fresh known-device
   * cookie value for the browser (sign-in-throttle.ts).
   */
  async signInWithPassword(
    input: TokenBody,
    context: RequestContext,
  ): Promise<{ tokens: IssuedTokens; user: GoTrueUser; deviceCookie: string }> {
    const email = input.email?.trim().toLowerCase() ?? (input.username !== undefined ? syntheticEmail(input.username.trim()) : null);
    const password = input.password;
    if (!email || !password) throw new AppError(400, 'validation_failed', 'Enter your username and password');

    const user = await this.#deps.repository.findUserByEmail(email);
    const deviceId = user ? this.#deps.knownDevices.deviceFor(context.deviceCookie, user.id) : null;
    const attempt: PasswordAttempt = { ip: context.ip, account: email, deviceId };
    await this.#deps.throttle.admit(attempt);
    // Unknown users are checked against a dummy hash: same answer, same time.
    const matches = await this.#deps.passwords.verify(user?.password_hash ?? null, password);
    if (!user || !matches) {
      await this.#deps.throttle.recordFailure(attempt);
      this.#deps.logger.info({ knownDevice: deviceId !== null }, 'sign-in refused');
      throw invalidCredentials();
    }
    await this.#deps.throttle.recordSuccess(attempt);
    const tokens = await this.#deps.sessions.start(user, context.userAgent);
    this.#deps.logger.info({ userId: user.id, sessionId: tokens.sessionId, knownDevice: deviceId !== null }, 'signed in');
    return { tokens, user: await this.#view(user), deviceCookie: this.#deps.knownDevices.issue(user.id, deviceId ?? undefined) };
  }

  /** A password check inside a signed-in session: the session is the known device. */
  async #checkPassword(userId: string, sessionId: string, hash: string | null, password: string): Promise<boolean> {
    const attempt: PasswordAttempt = { ip: null, account: `user:${userId}`, deviceId: `session-${sessionId}` };
    await this.#deps.throttle.admit(attempt);
    const matches = await this.#deps.passwords.verify(hash, password);
    if (matches) await this.#deps.throttle.recordSuccess(attempt);
    else await this.#deps.throttle.recordFailure(attempt);
    return matches;
  }

  /** POST /token?grant_type=refresh_token. */
  async refresh(refreshToken: string | null, context: RequestContext): Promise<{ tokens: IssuedTokens; user: GoTrueUser }> {
    // A call without a token (every signed-out page load of the web app) is not counted: many people
    // share one address at a shelter, and counting those calls would sign the signed-in ones out.
    if (!refreshToken) throw new AppError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const userId = await this.#deps.sessions.userIdForRefreshToken(refreshToken);
    // A live token counts against its user; only unknown tokens (guessing, replayed junk) count per IP.
    if (userId) await this.#deps.limiter.consume(`refresh:user:${userId}`, this.#deps.limits.refreshPerUser);
    else await this.#deps.limiter.consume(`refresh:ip:${context.ip}`, this.#deps.limits.refreshPerIp);
    const tokens = await this.#deps.sessions.refresh(refreshToken);
    return { tokens, user: await this.getUser(tokens.userId) };
  }

  async logout(session: AuthenticatedSession, scope: LogoutScope): Promise<void> {
    await this.#deps.sessions.logout(session, scope);
    this.#deps.logger.info({ userId: session.userId, sessionId: session.sessionId, scope }, 'signed out');
  }

  async getUser(userId: string): Promise<GoTrueUser> {
    return this.#view(await this.#requireUser(userId));
  }

  /** The user's username (the TOTP label), or throws when the account is gone. */
  async usernameOf(userId: string): Promise<string> {
    return (await this.#requireUser(userId)).username;
  }

  /**
   * PUT /user: `{password, current_password}` changes the password (rules of SPEC §5, and every other
   * session ends); `{data:{username}}` renames the account. Other metadata is not stored.
   */
  async updateUser(session: AuthenticatedSession, input: UpdateUserBody): Promise<GoTrueUser> {
    let user = await this.#requireUser(session.userId);
    const email = input.email;
    if (email !== undefined && email.toLowerCase() !== user.email) {
      throw new AppError(422, 'validation_failed', 'Ellis accounts use a username, not an email address');
    }

    const newPassword = input.password;
    if (newPassword !== undefined) {
      const currentPassword = input.current_password;
      if (!currentPassword) {
        throw new AppError(400, 'current_password_required', 'Enter your current password to set a new one');
      }
      await this.#assertStrongPassword(newPassword, user.username);
      if (!(await this.#checkPassword(user.id, session.sessionId, user.password_hash, currentPassword))) {
        throw new AppError(400, 'current_password_mismatch', 'Current password is incorrect');
      }
      if (newPassword === currentPassword) {
        throw new AppError(422, 'same_password', 'New password should be different from the old password');
      }
      const at = new Date(this.#deps.now()).toISOString();
      await this.#deps.repository.updatePassword(user.id, await this.#deps.passwords.hash(newPassword), at);
      await this.#deps.sessions.revokeAll(user.id, session.sessionId);
      this.#deps.logger.info({ userId: user.id }, 'password changed; other sessions ended');
    }

    const newUsername = input.data?.username;
    if (newUsername !== undefined && newUsername !== user.username) {
      assertUsername(newUsername);
      try {
        await this.#deps.repository.renameUser(user.id, newUsername, syntheticEmail(newUsername), new Date(this.#deps.now()).toISOString());
      } catch (error) {
        if (error instanceof UsernameTakenError) throw this.#usernameTaken();
        throw error;
      }
      this.#deps.logger.info({ userId: user.id }, 'username changed');
    }
    user = await this.#requireUser(session.userId);
    return this.#view(user);
  }

  /**
   * POST /recover-with-code: the one-time recovery code shown at sign-up sets a new password, ends
   * every session and is replaced by a fresh code (returned once).
   */
  async recoverWithCode(input: RecoverWithCodeBody, context: RequestContext): Promise<{ recoveryCode: string }> {
    await this.#deps.limiter.consume(`recover:ip:${context.ip}`, this.#deps.limits.recoveryPerIp);
    const username = input.username?.trim() ?? '';
    const code = input.recovery_code ?? '';
    const newPassword = input.new_password ?? input.password ?? '';
    if (username === '' || code.trim() === '') {
      throw new AppError(400, 'validation_failed', 'Enter your username and recovery code');
    }
    await this.#deps.limiter.consume(`recover:user:${username.toLowerCase()}`, this.#deps.limits.recoveryPerUsername);
    await this.#assertStrongPassword(newPassword, username);
    const user = await this.#deps.repository.findUserByUsernameKey(username.toLowerCase());
    if (!recoveryCodeMatches(user?.recovery_code_hash ?? null, code) || !user) {
      this.#deps.logger.info('recovery code refused');
      throw new AppError(400, 'invalid_credentials', 'Invalid username or recovery code');
    }
    const recoveryCode = newRecoveryCode();
    await this.#deps.repository.updatePasswordAndRecoveryCode(
      user.id,
      await this.#deps.passwords.hash(newPassword),
      hashRecoveryCode(recoveryCode),
      new Date(this.#deps.now()).toISOString(),
    );
    await this.#deps.sessions.revokeAll(user.id);
    this.#deps.logger.info({ userId: user.id }, 'password reset with recovery code; every session ended');
    return { recoveryCode };
  }

  /**
   * POST /factors/recover: someone who signed in with their password (an aal1 session) but lost the
   * phone with their authenticator app gives the recovery code instead of a six-digit code. The
   * code turns two-step verification off (every factor goes, so a new phone can be set up), ends
   * every other session, keeps this one with a fresh token pair and is replaced by a new code
   * (returned once). Same limits as /recover-with-code: the two routes share one budget of tries.
   */
  async recoverSecondFactor(
    session: AuthenticatedSession,
    presentedCode: string | undefined,
    context: RequestContext,
  ): Promise<{ tokens: IssuedTokens; user: GoTrueUser; recoveryCode: string }> {
    await this.#deps.limiter.consume(`recover:ip:${context.ip}`, this.#deps.limits.recoveryPerIp);
    const code = presentedCode ?? '';
    if (code.trim() === '') throw new AppError(400, 'validation_failed', 'Enter your recovery code');
    const user = await this.#requireUser(session.userId);
    await this.#deps.limiter.consume(`recover:user:${user.username.toLowerCase()}`, this.#deps.limits.recoveryPerUsername);
    const refused = () => {
      this.#deps.logger.info({ userId: user.id }, 'recovery code refused at the two-step step');
      return new AppError(400, 'invalid_credentials', 'Invalid recovery code');
    };
    if (!recoveryCodeMatches(user.recovery_code_hash, code)) throw refused();
    const recoveryCode = newRecoveryCode();
    const replaced = await this.#deps.repository.replaceRecoveryCodeAndRemoveFactors({
      userId: user.id,
      checkedHash: user.recovery_code_hash!,
      newHash: hashRecoveryCode(recoveryCode),
      keepSessionId: session.sessionId,
      at: new Date(this.#deps.now()).toISOString(),
    });
    // Another request used the same code a moment ago: it counts as spent.
    if (!replaced) throw refused();
    const tokens = await this.#deps.sessions.reissue(session.sessionId);
    this.#deps.logger.info({ userId: user.id, sessionId: session.sessionId }, 'two-step verification turned off with recovery code; other sessions ended');
    return { tokens, user: await this.#view(user), recoveryCode };
  }

  /** Re-checks the password of a signed-in user (account deletion); failures slow down like sign-in's. */
  async confirmPassword(userId: string, sessionId: string, password: string | undefined): Promise<void> {
    const user = await this.#requireUser(userId);
    if (password === undefined || password === '') {
      throw new AppError(400, 'password_required', 'Enter your password to confirm');
    }
    if (!(await this.#checkPassword(user.id, sessionId, user.password_hash, password))) {
      throw new AppError(400, 'invalid_credentials', 'Incorrect password');
    }
  }

  /** Removes the user; foreign keys take profile, bookmarks, sessions, tokens, factors, conversations and messages. */
  async deleteUser(userId: string): Promise<void> {
    await this.#deps.repository.deleteUser(userId);
    this.#deps.logger.info({ userId }, 'account deleted');
  }

  async #assertStrongPassword(password: string, username: string): Promise<void> {
    const problems = passwordErrors(password);
    if (problems.length > 0) {
      const checklist = passwordChecklist(password);
      const reasons: string[] = (Object.keys(checklist) as PasswordRule[]).filter((rule) => !checklist[rule]);
      if (reasons.some((rule) => rule !== 'length')) reasons.push('characters');
      throw weakPassword(reasons, problems);
    }
    if (await this.#deps.passwords.isEasilyGuessed(password, [username])) {
      throw weakPassword([GUESSABLE_REASON], [GUESSABLE_PASSWORD_MESSAGE]);
    }
  }

  #usernameTaken(): AppError {
    return new AppError(422, 'user_already_exists', formMessages.usernameTaken);
  }

  async #requireUser(userId: string): Promise<UserRecord> {
    const user = await this.#deps.repository.findUserById(userId);
    if (!user) throw new AppError(401, 'user_not_found', 'This account no longer exists.');
    return user;
  }

  async #view(user: UserRecord): Promise<GoTrueUser> {
    return toGoTrueUser(user, await this.#deps.factors.listFactors(user.id));
  }
}
