import { Secret, TOTP as Totp } from 'otpauth';
import QRCode from 'qrcode';
import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { AuthenticatedSession, IssuedTokens, SessionService } from '../auth/sessions.ts';
import { MFA_CHALLENGE_TTL_MS, MFA_MAX_ATTEMPTS_PER_CHALLENGE, MFA_MAX_FACTORS_PER_USER, TOTP, type RateLimitRules } from '../auth/constants.ts';
import type { FactorRecord, MfaRepository } from './repository.ts';
import type { SecretBox } from './secret-box.ts';
import { isUuid } from '../../../shared/api-contracts.ts';
import type { ChallengeResult, EnrollResult, FactorView } from '../../../shared/accounts-api.ts';

const factorNotFound = () => new AppError(404, 'mfa_factor_not_found', 'Factor not found');
const challengeNotFound = () => new AppError(404, 'mfa_challenge_not_found', 'Challenge not found');
const invalidCode = () => new AppError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');

export interface MfaServiceDependencies {
  repository: MfaRepository;
  sessions: SessionService;
  secretBox: SecretBox;
  limiter: RateLimiter;
  limits: Pick<RateLimitRules, 'mfaVerifyPerUser'>;
  now: () => number;
}

/**
 * TOTP second factor (DESIGN §6): a factor starts unverified and the first valid code verifies it;
 * each code works once; a challenge allows 5 tries and lasts 5 minutes; verifying makes the session
 * aal2. Secrets are stored encrypted.
 */
export class MfaService {
  readonly #deps: MfaServiceDependencies;

  constructor(deps: MfaServiceDependencies) {
    this.#deps = deps;
  }

  async listFactors(userId: string): Promise<FactorView[]> {
    const factors = await this.#deps.repository.listFactors(userId);
    return factors.map((factor) => ({
      id: factor.id,
      factor_type: factor.factor_type,
      status: factor.status,
      ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
      created_at: factor.created_at,
      updated_at: factor.updated_at,
    }));
  }

  async enroll(
    session: AuthenticatedSession,
    input: { factorType: unknown; friendlyName: unknown; issuer: unknown },
    accountName: string,
  ): Promise<EnrollResult> {
    if (input.factorType !== 'totp') {
      throw new AppError(422, 'validation_failed', 'Only TOTP (authenticator app) factors are supported');
    }
    const friendlyName = typeof input.friendlyName === 'string' ? input.friendlyName.trim().slice(0, 100) : '';
    const issuer = typeof input.issuer === 'string' && input.issuer.trim() !== '' ? input.issuer.trim().slice(0, 100) : TOTP.issuer;
    const factors = await this.#deps.repository.listFactors(session.userId);
    const verified = factors.filter((factor) => factor.status === 'verified');
    if (verified.length > 0 && session.aal !== 'aal2') {
      throw new AppError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    if (friendlyName !== '' && verified.some((factor) => factor.friendly_name === friendlyName)) {
      throw new AppError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    if (verified.length >= MFA_MAX_FACTORS_PER_USER) {
      throw new AppError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    // One enrollment in progress at a time: an abandoned QR code does not pile up.
    await this.#deps.repository.deleteUnverifiedFactors(session.userId);

    const now = this.#deps.now();
    const at = new Date(now).toISOString();
    const secret = new Secret({ size: TOTP.secretBytes });
    const totp = new Totp({
      issuer,
      label: accountName,
      algorithm: TOTP.algorithm,
      digits: TOTP.digits,
      period: TOTP.period,
      secret,
    });
    const uri = totp.toString();
    const id = newId(now);
    const factor: FactorRecord = {
      id,
      user_id: session.userId,
      factor_type: 'totp',
      friendly_name: friendlyName === '' ? null : friendlyName,
      status: 'unverified',
      secret_encrypted: this.#deps.secretBox.seal(secret.base32, id),
      last_used_step: null,
      created_at: at,
      updated_at: at,
    };
    await this.#deps.repository.insertFactor(factor);
    const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret: secret.base32, uri } };
  }

  async challenge(session: AuthenticatedSession, factorId: string): Promise<ChallengeResult> {
    const factor = await this.#findFactor(session.userId, factorId);
    const now = this.#deps.now();
    const expiresAt = now + MFA_CHALLENGE_TTL_MS;
    const id = newId(now);
    await this.#deps.repository.insertChallenge({
      id,
      factor_id: factor.id,
      attempts: 0,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(expiresAt).toISOString(),
      verified_at: null,
    });
    return { id, type: 'totp', expires_at: Math.floor(expiresAt / 1000) };
  }

  async verify(session: AuthenticatedSession, factorId: string, input: { challengeId: unknown; code: unknown }): Promise<IssuedTokens> {
    const factor = await this.#findFactor(session.userId, factorId);
    await this.#deps.limiter.consume(`mfa-verify:user:${session.userId}`, this.#deps.limits.mfaVerifyPerUser);
    if (!isUuid(input.challengeId)) throw challengeNotFound();
    const challenge = await this.#deps.repository.findChallenge(factor.id, input.challengeId);
    if (!challenge) throw challengeNotFound();
    const now = this.#deps.now();
    if (challenge.verified_at !== null || now >= Date.parse(challenge.expires_at)) {
      throw new AppError(400, 'mfa_challenge_expired', 'This challenge has expired. Please request a new one.');
    }
    if (!(await this.#deps.repository.countAttempt(challenge.id, MFA_MAX_ATTEMPTS_PER_CHALLENGE))) {
      throw new AppError(400, 'mfa_challenge_expired', 'Too many attempts for this challenge. Please request a new one.');
    }
    const code = typeof input.code === 'string' ? input.code.replace(/\s/g, '') : '';
    if (!/^\d{6}$/.test(code)) throw invalidCode();

    const secret = Secret.fromBase32(this.#deps.secretBox.open(factor.secret_encrypted, factor.id));
    const delta = Totp.validate({
      token: code,
      secret,
      algorithm: TOTP.algorithm,
      digits: TOTP.digits,
      period: TOTP.period,
      timestamp: now,
      window: TOTP.window,
    });
    if (delta === null) throw invalidCode();
    const step = Totp.counter({ period: TOTP.period, timestamp: now }) + delta;
    const at = new Date(now).toISOString();
    if (!(await this.#deps.repository.useTimeStep(factor.id, step, at))) throw invalidCode();
    await this.#deps.repository.markChallengeVerified(challenge.id, at);
    return this.#deps.sessions.upgradeToAal2(session.sessionId, factor.id);
  }

  async unenroll(session: AuthenticatedSession, factorId: string): Promise<{ id: string }> {
    const factor = await this.#findFactor(session.userId, factorId);
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw new AppError(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await this.#deps.repository.deleteFactor(session.userId, factor.id);
    await this.#deps.sessions.downgradeFactorSessions(factor.id);
    return { id: factor.id };
  }

  /** Removes challenges that expired more than a day ago (run periodically). */
  async purgeExpiredChallenges(): Promise<void> {
    await this.#deps.repository.deleteExpiredChallenges(new Date(this.#deps.now() - 24 * 60 * 60 * 1000).toISOString());
  }

  async #findFactor(userId: string, factorId: string): Promise<FactorRecord> {
    if (!isUuid(factorId)) throw factorNotFound();
    const factor = await this.#deps.repository.findFactor(userId, factorId);
    if (!factor) throw factorNotFound();
    return factor;
  }
}
