import type { DirectoryRateLimits } from '../routes.ts';

const UNLIMITED = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

/** For suites that send many requests on purpose (security, benchmarks). */
export const NO_DIRECTORY_RATE_LIMITS: DirectoryRateLimits = { searchPerIp: UNLIMITED, reportPerIp: UNLIMITED, hsdsPerIp: UNLIMITED };
