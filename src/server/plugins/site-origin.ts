import { listensOnLoopback, type Config } from '../config/config.ts';

/** Says whether a request's Origin header is this site's own. */
export type SiteOriginCheck = (origin: string) => boolean;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * PUBLIC_URL set: only its origin (a deployment knows its address). PUBLIC_URL unset: the derived
 * address and, when the server listens on loopback, the same port under every loopback name, so a
 * quick start works at http://localhost:3000 and http://127.0.0.1:3000 alike (docs/decisions/050).
 * With PORT=0 the port is not known before listening, so any loopback port counts.
 */
export function siteOriginCheck(config: Pick<Config, 'publicUrl' | 'publicUrlDerived' | 'host' | 'port'>): SiteOriginCheck {
  const publicOrigin = new URL(config.publicUrl).origin;
  const loopbackAliases = config.publicUrlDerived && listensOnLoopback(config.host);
  return (origin) => {
    if (origin === publicOrigin) return true;
    if (!loopbackAliases) return false;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'http:' || parsed.origin !== origin || !LOOPBACK_NAMES.has(parsed.hostname)) return false;
    return config.port === 0 || parsed.port === String(config.port);
  };
}
