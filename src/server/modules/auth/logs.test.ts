import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { loadConfig } from '../../config/config.ts';
import { createLogger } from '../../logger.ts';
import type { Database } from '../../db/database.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { FAST_HASHING, PASSWORD, bearer, uniqueUsername } from './testing/accounts-kit.ts';

describe('auth logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    const env = { LOG_LEVEL: 'trace' };
    const config = loadConfig({ NODE_ENV: 'test', ...env });
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ({ app, database } = await buildTestApp({ env, logger: createLogger(config, destination), accounts: { passwordHashing: FAST_HASHING } }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('never contain passwords, tokens, recovery codes, TOTP secrets or codes', async () => {
    const username = uniqueUsername('Logged');
    const secrets: string[] = [PASSWORD];
    const signUp = await app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username, password: PASSWORD } });
    const session = signUp.json();
    secrets.push(session.access_token, session.refresh_token, session.recovery_code);
    const wrong = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { username, password: 'Wrong-Secret-77' } });
    expect(wrong.statusCode).toBe(400);
    secrets.push('Wrong-Secret-77');
    const refreshed = (
      await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: session.refresh_token } })
    ).json();
    secrets.push(refreshed.refresh_token, refreshed.access_token);
    const headers = bearer(refreshed.access_token);
    const factor = (await app.inject({ method: 'POST', url: '/auth/v1/factors', headers, payload: { factor_type: 'totp' } })).json();
    secrets.push(factor.totp.secret);
    const challenge = (await app.inject({ method: 'POST', url: `/auth/v1/factors/${factor.id}/challenge`, headers, payload: {} })).json();
    const code = TOTP.generate({ secret: Secret.fromBase32(factor.totp.secret) });
    secrets.push(code);
    const verified = await app.inject({
      method: 'POST',
      url: `/auth/v1/factors/${factor.id}/verify`,
      headers,
      payload: { challenge_id: challenge.id, code },
    });
    expect(verified.statusCode).toBe(200);
    secrets.push(verified.json().refresh_token);
    const recovered = await app.inject({
      method: 'POST',
      url: '/auth/v1/recover-with-code',
      payload: { username, recovery_code: session.recovery_code, new_password: 'Fresh-Start-2027' },
    });
    secrets.push('Fresh-Start-2027', recovered.json().recovery_code);
    // A spent refresh token is refused; the log line about it names no token.
    await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: session.refresh_token } });

    const log = lines.join('');
    expect(log).toContain('account created');
    expect(log).toContain('sign-in refused');
    expect(log).toContain('password reset with recovery code');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log).not.toContain(secret);
    }
    // No code fragment either: the recovery code without dashes.
    expect(log).not.toContain(session.recovery_code.replace(/-/g, ''));
  });
});
