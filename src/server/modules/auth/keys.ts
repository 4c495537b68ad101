import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createECDH, createHash, createPrivateKey, createPublicKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

/** File that holds the generated secret when AUTH_SECRET_KEYS is not set (DESIGN §4). */
export const AUTH_SECRET_FILE_NAME = 'auth-secret.key';

const HKDF_SALT = 'ellis-auth-v1';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

/** One AES-256-GCM key for TOTP secrets, named by a short fingerprint stored next to each ciphertext. */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

/**
 * Everything derived from AUTH_SECRET_KEYS. The first secret signs and encrypts; every secret
 * verifies and decrypts, so a new secret can be put first while the old one still reads old data.
 */
export interface AuthKeys {
  signing: SigningKey[];
  encryption: EncryptionKey[];
  /** HMAC keys that derive each rotated refresh token from its predecessor (see sessions.ts). */
  refreshChain: Buffer[];
  /** HMAC keys of the known-device cookie (sign-in-throttle.ts); the first signs, every one verifies. */
  knownDevice: Buffer[];
}

function derive(secret: string, purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, purpose, length));
}

// Order of the P-256 group: a private scalar must be in [1, n - 1].
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * ES256 rather than EdDSA: @supabase/auth-js verifies tokens locally (getClaims) only for RS256 and
 * ES256, and every browser's WebCrypto has P-256. The key is derived, not stored, so every instance
 * that shares AUTH_SECRET_KEYS signs with the same key and `kid`.
 */
async function deriveSigningKey(secret: string): Promise<SigningKey> {
  for (let attempt = 0; ; attempt++) {
    const scalar = derive(secret, `ellis-access-token-es256/${attempt}`);
    const value = BigInt(`0x${scalar.toString('hex')}`);
    if (value === 0n || value >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    const point = ecdh.getPublicKey();
    const privateKey = createPrivateKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
        d: scalar.toString('base64url'),
      },
    });
    const publicKey = createPublicKey(privateKey);
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    return { kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] } };
  }
}

export async function deriveAuthKeys(secrets: readonly string[]): Promise<AuthKeys> {
  if (secrets.length === 0) throw new Error('At least one auth secret is required');
  return {
    signing: await Promise.all(secrets.map(deriveSigningKey)),
    encryption: secrets.map((secret) => {
      const key = derive(secret, 'ellis-totp-secret-aes-256-gcm');
      return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
    }),
    refreshChain: secrets.map((secret) => derive(secret, 'ellis-refresh-token-chain')),
    knownDevice: secrets.map((secret) => derive(secret, 'ellis-known-device-cookie')),
  };
}

/** The folder next to the SQLite file (./data by default); ./data for PostgreSQL. */
export function defaultDataDir(databaseUrl: string): string {
  if (databaseUrl.startsWith('file:')) {
    const path = databaseUrl.slice('file:'.length);
    if (path !== ':memory:' && path !== '') return dirname(resolve(path));
  }
  return resolve('data');
}

/**
 * AUTH_SECRET_KEYS when set; otherwise a random secret generated once into `<dataDir>/auth-secret.key`
 * (mode 0600) and read back on every later start. `created` tells the caller to log that it happened.
 */
export function resolveAuthSecrets(
  configured: readonly string[] | null,
  dataDir: string,
): { secrets: string[]; source: 'environment' | 'file'; created: boolean } {
  if (configured && configured.length > 0) return { secrets: [...configured], source: 'environment', created: false };
  const file = join(dataDir, AUTH_SECRET_FILE_NAME);
  let created = false;
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx' fails if another process created it first; then we read theirs.
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secrets = readFileSync(file, 'utf8')
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (secrets.length === 0) throw new Error(`${file} is empty: delete it to generate a new secret, or set AUTH_SECRET_KEYS`);
  return { secrets, source: 'file', created };
}
