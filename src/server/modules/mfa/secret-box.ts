import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EncryptionKey } from '../auth/keys.ts';

const VERSION = 'v1';

/**
 * AES-256-GCM for TOTP secrets at rest. The stored text names the key (so rotated keys still decrypt)
 * and is bound to its factor id as associated data (a ciphertext copied to another row fails).
 */
export class SecretBox {
  readonly #keys: EncryptionKey[];

  constructor(keys: EncryptionKey[]) {
    if (keys.length === 0) throw new Error('No encryption key');
    this.#keys = keys;
  }

  seal(plaintext: string, associatedData: string): string {
    const key = this.#keys[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key.key, iv);
    cipher.setAAD(Buffer.from(associatedData));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, key.id, iv.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join('.');
  }

  open(sealed: string, associatedData: string): string {
    const [version, keyId, iv, ciphertext, tag] = sealed.split('.');
    const key = this.#keys.find((candidate) => candidate.id === keyId);
    if (version !== VERSION || !key || !iv || ciphertext === undefined || !tag) {
      throw new Error('Cannot decrypt: unknown format or key (was AUTH_SECRET_KEYS changed without keeping the old key?)');
    }
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
