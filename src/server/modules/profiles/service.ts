import { AppError } from '../../app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { usernameErrors } from '../../../shared/validation/account-rules.ts';
import type { ProfileRepository, ProfileRow } from './repository.ts';

export interface ProfileServiceDependencies {
  repository: ProfileRepository;
  limiter: RateLimiter;
  usernameCheckPerIp: RateLimitRule;
}

export class ProfileService {
  readonly #repository: ProfileRepository;
  readonly #limiter: RateLimiter;
  readonly #usernameCheckPerIp: RateLimitRule;

  constructor(deps: ProfileServiceDependencies) {
    this.#repository = deps.repository;
    this.#limiter = deps.limiter;
    this.#usernameCheckPerIp = deps.usernameCheckPerIp;
  }

  /** The caller's user_profiles row. */
  async getProfile(userId: string): Promise<ProfileRow> {
    const profile = await this.#repository.findProfile(userId);
    if (!profile) throw new AppError(404, 'profile_not_found', 'No profile exists for this account.');
    return profile;
  }

  /** Sign-up's availability check: case-insensitive, because "Sam" and "sam" are one username. */
  async isUsernameAvailable(username: string, ip: string): Promise<boolean> {
    await this.#limiter.consume(`username-check:ip:${ip}`, this.#usernameCheckPerIp);
    const [problem] = usernameErrors(username);
    if (problem) throw new AppError(400, 'invalid_username', problem);
    return !(await this.#repository.usernameKeyExists(username.toLowerCase()));
  }
}
