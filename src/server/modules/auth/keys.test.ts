import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { AUTH_SECRET_FILE_NAME, defaultDataDir, deriveAuthKeys, resolveAuthSecrets } from './keys.ts';
import { AccessTokens, hashToken, nextRefreshToken } from './tokens.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'ellis-keys-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const subject = { userId: 'u1', sessionId: 's1', email: 'sam@users.ellis.invalid', username: 'Sam', aal: 'aal1' as const, amr: [] };

describe('auth keys', () => {
  it('derives the same ES256 key and kid from the same secret (every instance agrees)', async () => {
    const [a, b, c] = await Promise.all([deriveAuthKeys(['secret-one']), deriveAuthKeys(['secret-one']), deriveAuthKeys(['secret-two'])]);
    expect(a.signing[0]!.kid).toBe(b.signing[0]!.kid);
    expect(a.signing[0]!.kid).not.toBe(c.signing[0]!.kid);
    expect(a.signing[0]!.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(a.signing[0]!.publicJwk).not.toHaveProperty('d');
    expect(a.encryption[0]!.key.equals(b.encryption[0]!.key)).toBe(true);
    expect(a.encryption[0]!.key.equals(a.refreshChain[0]!)).toBe(false);
  });

  it('rotation: the first secret signs, every listed secret verifies, an unlisted one does not', async () => {
    const now = () => Date.parse('2026-11-22T10:00:00Z');
    const issuer = 'http://localhost:3000/auth/v1';
    const old = new AccessTokens(await deriveAuthKeys(['old-secret']), { issuer, now });
    const rotated = new AccessTokens(await deriveAuthKeys(['new-secret', 'old-secret']), { issuer, now });
    const dropped = new AccessTokens(await deriveAuthKeys(['new-secret']), { issuer, now });
    const { token } = await old.sign(subject);
    await expect(rotated.verify(token)).resolves.toMatchObject({ userId: 'u1', sessionId: 's1', aal: 'aal1' });
    await expect(dropped.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'bad_jwt' });
    expect(rotated.jwks().keys).toHaveLength(2);
  });

  it('refuses expired tokens, other issuers and other algorithms', async () => {
    let time = Date.parse('2026-11-22T10:00:00Z');
    const keys = await deriveAuthKeys(['s']);
    const tokens = new AccessTokens(keys, { issuer: 'https://a/auth/v1', now: () => time });
    const { token } = await tokens.sign(subject);
    time += 600_000;
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'bad_jwt' });
    time -= 600_000;
    const otherIssuer = new AccessTokens(keys, { issuer: 'https://b/auth/v1', now: () => time });
    await expect(otherIssuer.verify(token)).rejects.toMatchObject({ code: 'bad_jwt' });
    const hs256 = await new SignJWT({ session_id: 's1', aal: 'aal1' })
      .setProtectedHeader({ alg: 'HS256', kid: keys.signing[0]!.kid })
      .setSubject('u1')
      .setAudience('authenticated')
      .setIssuer('https://a/auth/v1')
      .setIssuedAt(Math.floor(time / 1000))
      .setExpirationTime(Math.floor(time / 1000) + 60)
      .sign(new TextEncoder().encode('guessable'));
    await expect(tokens.verify(hs256)).rejects.toMatchObject({ code: 'bad_jwt' });
  });

  it('the refresh chain is keyed: the next token cannot be computed from a token hash alone', async () => {
    const [a, b] = await Promise.all([deriveAuthKeys(['one']), deriveAuthKeys(['two'])]);
    const parent = hashToken('parent-token');
    expect(nextRefreshToken(a.refreshChain[0]!, parent)).toBe(nextRefreshToken(a.refreshChain[0]!, parent));
    expect(nextRefreshToken(a.refreshChain[0]!, parent)).not.toBe(nextRefreshToken(b.refreshChain[0]!, parent));
    expect(nextRefreshToken(a.refreshChain[0]!, parent)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('AUTH_SECRET_KEYS resolution', () => {
  it('uses AUTH_SECRET_KEYS when set and writes nothing', () => {
    const dir = tempDir();
    expect(resolveAuthSecrets(['a', 'b'], dir)).toEqual({ secrets: ['a', 'b'], source: 'environment', created: false });
    expect(() => statSync(join(dir, AUTH_SECRET_FILE_NAME))).toThrow();
  });

  it('otherwise generates a secret once into the data folder, readable only by its owner', () => {
    const dir = join(tempDir(), 'data');
    const first = resolveAuthSecrets(null, dir);
    expect(first).toMatchObject({ source: 'file', created: true });
    expect(first.secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(dir, AUTH_SECRET_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = resolveAuthSecrets(null, dir);
    expect(second).toEqual({ secrets: first.secrets, source: 'file', created: false });
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secrets[0]);
  });

  it('puts the file next to the SQLite database, or in ./data', () => {
    expect(defaultDataDir('file:/var/lib/ellis/ellis.db')).toBe('/var/lib/ellis');
    expect(defaultDataDir('postgres://db/ellis')).toMatch(/\/data$/);
    expect(defaultDataDir('file::memory:')).toMatch(/\/data$/);
  });
});
