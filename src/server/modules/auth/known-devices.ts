import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The known-device cookie (OWASP "device cookies"): after a successful sign-in the browser gets a
 * signed, HttpOnly cookie naming the account and a random device id. A later sign-in to that account
 * from that browser is throttled on its own, so strangers guessing the password elsewhere cannot slow
 * the owner down. It proves only that this browser signed in to this account before; it grants nothing.
 */
export const KNOWN_DEVICE_COOKIE_NAME = 'ellis_device';
export const KNOWN_DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const DEVICE_ID_BYTES = 16;

export class KnownDevices {
  readonly #keys: readonly Buffer[];

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('KnownDevices needs a key');
    this.#keys = keys;
  }

  /** A cookie value for `userId`; keeps the device id of an existing cookie so the device stays one. */
  issue(userId: string, deviceId: string = randomBytes(DEVICE_ID_BYTES).toString('base64url')): string {
    const payload = `${userId}.${deviceId}`;
    return `${payload}.${this.#sign(this.#keys[0]!, payload)}`;
  }

  /** The device id when `value` is a valid cookie for `userId`, else null. */
  deviceFor(value: string | null | undefined, userId: string): string | null {
    if (!value) return null;
    const parts = value.split('.');
    if (parts.length !== 3) return null;
    const [cookieUserId, deviceId, signature] = parts as [string, string, string];
    if (cookieUserId !== userId || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return null;
    // Compared as text: base64url has several spellings of the same bytes, the cookie has one.
    const presented = Buffer.from(signature);
    const payload = `${cookieUserId}.${deviceId}`;
    const valid = this.#keys.some((key) => {
      const expected = Buffer.from(this.#sign(key, payload));
      return expected.length === presented.length && timingSafeEqual(expected, presented);
    });
    return valid ? deviceId : null;
  }

  #sign(key: Buffer, payload: string): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }
}
