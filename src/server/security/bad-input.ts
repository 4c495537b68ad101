/**
 * fast-check generators of hostile input for the bad-input suites: wrong types, huge strings, deep
 * nesting, broken encodings, prototype-pollution keys, SQL and HTML payloads, garbage headers.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { BODY_LIMIT_BYTES } from '../app.ts';

/** Every generated marker starts with this, so a log line that repeats input can be found. */
export const INPUT_MARKER_PREFIX = 'ZqxMARK';

export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202E',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'prototype',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  '" OR ""="',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00',
  '%ZZ',
  '%FF%FE',
  '${7*7}{{7*7}}',
  'ｓｅｌｅｃｔ',
  '😀'.repeat(50),
  'a'.repeat(5000),
];

/** Percent-encodes any string, lone surrogates included (as the bytes Node would send). */
export function encodeAny(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
}

const marker = fc.integer({ min: 0, max: 999_999 }).map((n) => `${INPUT_MARKER_PREFIX}${n}`);

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: marker },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 80_000 }).map((length) => 'x'.repeat(length)) },
);

const keys = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'title', 'url', 'description', 'password', 'username', 'email',
    'refresh_token', 'code', 'challenge_id', 'factor_type', 'content', 'messages', 'data', 'current_password', 'id', 'user_id'),
  fc.string({ maxLength: 12 }),
);

/** JSON values of every type, nested a little. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    nastyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** An object with the field names routes read, holding values of the wrong type (or the right one). */
const plausibleObject = fc.dictionary(keys, anyJson, { minKeys: 1, maxKeys: 6 });

function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A raw body (the exact text or bytes on the wire) and the Content-Type it claims. */
export interface RawBody {
  contentType: string | null;
  payload: string | Buffer | null;
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  'application/json, text/plain',
);

export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<RawBody>({ contentType: null, payload: null }) },
  { weight: 5, arbitrary: plausibleObject.map<RawBody>((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })) },
  { weight: 2, arbitrary: anyJson.map<RawBody>((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '{"__proto__":{"polluted":"yes"}}',
        '{"constructor":{"prototype":{"polluted":"yes"}}}',
        '{"title":"a","__proto__":{"isAdmin":true}}',
        '{"a":1,"a":2}',
        '{',
        '{"title":',
        'nul',
        '[1,2,',
        '"\\ud800"',
        '{"title":"\\u0000"}',
        `{"title":"${'x'.repeat(BODY_LIMIT_BYTES + 10)}"}`,
        deeplyNested(4_000, 'array'),
        deeplyNested(4_000, 'object'),
      )
      .map<RawBody>((payload) => ({ contentType: 'application/json', payload })),
  },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ minLength: 1, maxLength: 200 })
      .map<RawBody>((bytes) => ({ contentType: 'application/json', payload: Buffer.concat([Buffer.from('{"title":"'), Buffer.from(bytes), Buffer.from('"}')]) })),
  },
  { weight: 2, arbitrary: fc.tuple(contentTypes, nastyString).map<RawBody>(([contentType, payload]) => ({ contentType, payload })) },
);

/** A query string (without "?") of parameters routes read and ones they do not, some repeated or malformed. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('grant_type', 'scope', 'q', 'category', '__proto__', 'constructor[prototype][x]', 'a[b]', 'redirect_to', 'refresh_token'),
        fc.oneof(fc.constantFrom('password', 'refresh_token', 'global', 'local', 'others', 'all', 'food'), nastyString),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${encodeAny(key)}=${encodeAny(value)}`).join('&')),
  fc.constantFrom('%', '%ZZ', '%FF%FE', 'q=%E0%A4%A', '&&&', '=', 'q', 'q=1&q=2&q=3', `q=${'a'.repeat(3000)}`),
);

/** Header values light-my-request can put on the wire: printable ASCII, with some classic attacks. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 }),
  fc.constantFrom('', 'null', 'Bearer', 'Bearer ', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', 'x'.repeat(4000), "' OR 1=1 --", '<script>'),
);

export interface HeaderChoice {
  /** Present a real access token (the body then reaches the service behind the session check). */
  validBearer: boolean;
  headers: Record<string, string>;
}

export const headers: fc.Arbitrary<HeaderChoice> = fc.record({
  validBearer: fc.boolean(),
  headers: fc
    .record(
      {
        authorization: fc.oneof(headerValue, headerValue.map((value) => `Bearer ${value}`)),
        cookie: fc.oneof(headerValue, headerValue.map((value) => `ellis_refresh_token=${value}`)),
        'x-client-info': fc.oneof(fc.constant('ellis-web'), headerValue),
        origin: fc.oneof(fc.constantFrom('null', 'https://evil.example', 'http://localhost:3000'), headerValue),
        'sec-fetch-site': fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'bogus'),
        'x-forwarded-for': headerValue,
        'accept-encoding': fc.oneof(fc.constantFrom('gzip', 'br', 'gzip;q=0, identity;q=0', '*;q=0'), headerValue),
        accept: fc.oneof(fc.constantFrom('text/html', 'application/json', '*/*', 'text/event-stream'), headerValue),
        'if-none-match': headerValue,
        'x-conversation-token': headerValue,
        'content-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'bogus'),
      },
      { requiredKeys: [] },
    )
    .map((record) => Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))),
});

/** A value for one path parameter, already as it goes into the URL. */
export const pathValue: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map((id) => id),
  nastyString.map((value) => encodeAny(value)),
  fc.constantFrom('..', '%2e%2e', '%2F', '%FF', '%', '%00', 'a'.repeat(250), '00000000-0000-0000-0000-000000000000', 'NaN', '-1'),
);

export interface BadRequest {
  pathValues: string[];
  query: string;
  headers: HeaderChoice;
  body: RawBody;
}

export const badRequest = (paramCount: number): fc.Arbitrary<BadRequest> =>
  fc.record({
    pathValues: fc.array(pathValue, { minLength: paramCount, maxLength: paramCount }),
    query: queryString,
    headers,
    body: rawBody,
  });

/** The inject options for a generated request against `pattern` (path params filled in order). */
export function toInjectOptions(method: string, pattern: string, input: BadRequest, validToken: string | null): InjectOptions {
  let index = 0;
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, () => input.pathValues[index++] ?? 'x');
  const headers: Record<string, string> = { ...input.headers.headers };
  if (input.headers.validBearer && validToken) headers.authorization = `Bearer ${validToken}`;
  if (input.body.contentType) headers['content-type'] = input.body.contentType;
  else delete headers['content-type'];
  return {
    method: method as InjectOptions['method'],
    url: input.query ? `${path}?${input.query}` : path,
    headers,
    ...(input.body.payload !== null ? { payload: input.body.payload } : {}),
  };
}
