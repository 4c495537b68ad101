import { z } from 'zod';

const E164 = /^\+[1-9]\d{6,14}$/;

/** Voices built into the Flite WASI build (the TTS adapter lists the same names). */
export const FLITE_VOICE_NAMES: readonly string[] = ['slt', 'kal16', 'rms', 'awb', 'kal'];

const optionalText = z.string().trim().min(1).optional();
const httpUrl = (hint: string) =>
  z
    .url({ protocol: /^https?$/, error: hint })
    .optional();

/** A whole number of `unit` in a range; a bound's note says why it is there. */
function wholeNumber(unit: string, range: { example: number; min: number; minNote?: string; max: number; maxNote?: string }) {
  const note = (text: string | undefined) => (text ? ` (${text})` : '');
  return z.coerce
    .number({ error: `must be a number of ${unit}, for example ${range.example}` })
    .int({ error: `must be a whole number of ${unit}, for example ${range.example}` })
    .min(range.min, { error: `must be at least ${range.min}${note(range.minNote)}` })
    .max(range.max, { error: `must be at most ${range.max}${note(range.maxNote)}` });
}

/** true or false; the hint says what each means for this variable. */
const onOff = (hint: string, byDefault: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { error: hint })
    .default(byDefault)
    .transform((value) => value === 'true');

/**
 * Every environment variable Ellis reads (DESIGN §4). Each has a hint that says how to fix a bad value,
 * because the person reading the start-up error may be a volunteer, not the original developer.
 */
const environmentSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a port number between 0 and 65535, for example 3000' })
      .int({ error: 'must be a whole number, for example 3000' })
      .min(0, { error: 'must be between 0 and 65535' })
      .max(65535, { error: 'must be between 0 and 65535' })
      .default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .trim()
      .refine((value) => value.startsWith('file:') || /^postgres(ql)?:\/\/.+/.test(value), {
        error: 'must be file:./data/ellis.db for SQLite or postgres://user@host:5432/database for PostgreSQL',
      })
      .default('file:./data/ellis.db'),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be the site address, for example https://ellis.example.org' })
      .optional(),
    ELLIS_PHONE_NUMBER: z
      .string()
      .trim()
      .regex(E164, { error: 'must be an E.164 phone number such as +14155550123, or left unset to use 211' })
      .optional(),
    DONATE_URL: httpUrl('must be an http(s) address such as https://example.org/donate, or left unset to hide the link'),
    CHAT_COLLECTION_URL: httpUrl('must be an http(s) address, or left unset to hide the link'),
    QUICK_EXIT_URL: z
      .url({ protocol: /^https$/, error: 'must be an https address of a neutral site, for example https://www.weather.gov' })
      .default('https://www.weather.gov/'),
    LLM_PROVIDER: z
      .enum(['guide', 'openai', 'vapi'], { error: 'must be one of: guide, openai, vapi' })
      .default('guide'),
    LLM_BASE_URL: httpUrl('must be the http(s) address of an OpenAI-compatible server, for example http://127.0.0.1:11434/v1'),
    LLM_API_KEY: optionalText,
    LLM_MODEL: optionalText,
    LLM_TIMEOUT_MS: wholeNumber('milliseconds', { example: 30000, min: 1000, minNote: 'one second', max: 300000, maxNote: 'five minutes' }).default(30000),
    SAFETY_MODEL_CHECK_TIMEOUT_MS: wholeNumber('milliseconds', { example: 4000, min: 100, max: 60000, maxNote: 'one minute' }).default(4000),
    VAPI_API_KEY: optionalText,
    VAPI_ASSISTANT_ID: optionalText,
    VAPI_BASE_URL: httpUrl('must be an http(s) address, for example https://api.vapi.ai').default('https://api.vapi.ai'),
    STT_PROVIDER: z
      .enum(['auto', 'openai', 'sphinx', 'none'], { error: 'must be one of: auto, openai, sphinx, none' })
      .default('auto'),
    STT_BASE_URL: httpUrl('must be the http(s) address of an OpenAI-compatible server'),
    STT_API_KEY: optionalText,
    STT_MODEL: optionalText,
    TTS_PROVIDER: z.enum(['flite', 'openai'], { error: 'must be one of: flite, openai' }).default('flite'),
    TTS_BASE_URL: httpUrl('must be the http(s) address of an OpenAI-compatible server'),
    TTS_API_KEY: optionalText,
    TTS_MODEL: optionalText,
    TTS_VOICE: optionalText,
    VOICE_TURN_END_SILENCE_MS: wholeNumber('milliseconds', {
      example: 500,
      min: 200,
      minNote: 'shorter pauses cut people off mid-sentence',
      max: 3000,
      maxNote: 'longer makes every reply feel slow',
    }).default(500),
    VOICE_MAX_CALLS: wholeNumber('calls', { example: 40, min: 1, max: 10000 }).default(40),
    TWILIO_AUTH_TOKEN: optionalText,
    HUMAN_HANDOFF_NUMBER: z
      .string()
      .trim()
      .regex(/^(\+[1-9]\d{6,14}|[2-9]11)$/, { error: 'must be an E.164 phone number such as +14155550123, or a three-digit service number such as 211' })
      .default('211'),
    AUTH_SECRET_KEYS: optionalText,
    REDIS_URL: z
      .string()
      .trim()
      .regex(/^rediss?:\/\/.+/, { error: 'must be a Redis address such as redis://127.0.0.1:6379, or left unset for one instance' })
      .optional(),
    TRUST_PROXY: onOff('must be true (behind a reverse proxy that sets X-Forwarded-For) or false', 'false'),
    HSDS_SCHEMA_DIR: z.string().trim().min(1).default('../shared/hsds-3.0'),
    DIRECTORY_DEFAULT_DATA: onOff('must be true (load the shipped Bay Area set into an empty directory) or false', 'true'),
    // Only "production" means anything: it turns off the response-schema checks (decision 090).
    NODE_ENV: z.string().trim().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of: fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  })
  .superRefine((env, context) => {
    if (env.LLM_PROVIDER === 'openai' && !env.LLM_MODEL) {
      context.addIssue({
        code: 'custom',
        path: ['LLM_MODEL'],
        message: 'is required when LLM_PROVIDER=openai, for example gpt-4o-mini or llama3.1',
      });
    }
    if (env.LLM_PROVIDER === 'vapi') {
      for (const name of ['VAPI_API_KEY', 'VAPI_ASSISTANT_ID'] as const) {
        if (!env[name]) {
          context.addIssue({ code: 'custom', path: [name], message: 'is required when LLM_PROVIDER=vapi' });
        }
      }
    }
    if (env.STT_PROVIDER === 'openai' && !env.STT_BASE_URL && !env.STT_API_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['STT_BASE_URL'],
        message: 'or STT_API_KEY is required when STT_PROVIDER=openai',
      });
    }
    if (env.TTS_PROVIDER === 'flite' && env.TTS_VOICE && !FLITE_VOICE_NAMES.includes(env.TTS_VOICE)) {
      context.addIssue({
        code: 'custom',
        path: ['TTS_VOICE'],
        message: `must be one of the built-in Flite voices (${FLITE_VOICE_NAMES.join(', ')}) when TTS_PROVIDER=flite`,
      });
    }
    if (env.TTS_PROVIDER === 'openai' && !env.TTS_BASE_URL && !env.TTS_API_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['TTS_BASE_URL'],
        message: 'or TTS_API_KEY is required when TTS_PROVIDER=openai',
      });
    }
  });

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** The address people open, without a trailing slash: PUBLIC_URL, or derived from HOST and PORT. */
  publicUrl: string;
  /**
   * True when PUBLIC_URL was unset and publicUrl was derived: then every loopback name of the
   * listening address counts as the site's own (docs/decisions/050).
   */
  publicUrlDerived: boolean;
  /** True when the site is served over https: cookies get Secure and responses get HSTS. */
  secure: boolean;
  trustProxy: boolean;
  logLevel: Environment['LOG_LEVEL'];
  /** Every reply is checked against its route's response schema (decision 090); off in production for speed. */
  checkResponseSchemas: boolean;
  site: {
    phoneNumber: string | null;
    donateUrl: string | null;
    chatCollectionUrl: string | null;
    quickExitUrl: string;
  };
  llm: {
    provider: Environment['LLM_PROVIDER'];
    baseUrl: string | null;
    apiKey: string | null;
    model: string | null;
    /** Longest wait for the provider's next piece of reply before falling back to the guide. */
    timeoutMs: number;
    /** Longest wait for the safety model check (docs/decisions/059); after it the rules and classifier stand. */
    safetyCheckTimeoutMs: number;
    vapi: { apiKey: string | null; assistantId: string | null; baseUrl: string };
  };
  stt: { provider: Environment['STT_PROVIDER']; baseUrl: string | null; apiKey: string | null; model: string | null };
  tts: {
    provider: Environment['TTS_PROVIDER'];
    baseUrl: string | null;
    apiKey: string | null;
    model: string | null;
    voice: string | null;
  };
  voice: {
    /** Silence after the caller's speech that ends their turn (DESIGN §8). */
    turnEndSilenceMs: number;
    /** Calls (browser and phone together) open at once; more are refused. */
    maxCalls: number;
  };
  /** The phone line (Twilio Media Streams); null when TWILIO_AUTH_TOKEN is unset (routes off). */
  telephony: {
    twilioAuthToken: string;
    /** Where "talk to a person" transfers (default 211). */
    humanHandoffNumber: string;
  } | null;
  authSecretKeys: string[] | null;
  /** Redis for state shared by every instance (rate limits, call counts, job locks); null = this process. */
  redisUrl: string | null;
  directory: {
    /** Folder with the official HSDS 3.0 JSON schemas, which the importer validates against (docs/decisions/061). */
    hsdsSchemaDir: string;
    /** Load the shipped Bay Area set at start when the directory is empty. */
    loadDefaultData: boolean;
  };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `Ellis cannot start: ${problems.length} configuration problem${problems.length === 1 ? '' : 's'}.\n` +
        problems.map((problem) => `  - ${problem}`).join('\n') +
        '\nFix these environment variables (or unset them to use the defaults in README.md) and start again.',
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment once; throws a ConfigError that lists every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (FOO= in a .env file) means "not set", not "set to nothing".
  const present = Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = present[name];
      const shown = value === undefined || /KEY|SECRET|TOKEN|REDIS_URL/.test(name) ? '' : ` (got "${value}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const publicUrl = env.PUBLIC_URL?.replace(/\/$/, '') ?? addressToOpen(env.HOST, env.PORT);
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    publicUrlDerived: env.PUBLIC_URL === undefined,
    secure: publicUrl.startsWith('https:'),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    checkResponseSchemas: env.NODE_ENV !== 'production',
    site: {
      phoneNumber: env.ELLIS_PHONE_NUMBER ?? null,
      donateUrl: env.DONATE_URL ?? null,
      chatCollectionUrl: env.CHAT_COLLECTION_URL ?? null,
      quickExitUrl: env.QUICK_EXIT_URL,
    },
    llm: {
      provider: env.LLM_PROVIDER,
      baseUrl: env.LLM_BASE_URL ?? null,
      apiKey: env.LLM_API_KEY ?? null,
      model: env.LLM_MODEL ?? null,
      timeoutMs: env.LLM_TIMEOUT_MS,
      safetyCheckTimeoutMs: env.SAFETY_MODEL_CHECK_TIMEOUT_MS,
      vapi: { apiKey: env.VAPI_API_KEY ?? null, assistantId: env.VAPI_ASSISTANT_ID ?? null, baseUrl: env.VAPI_BASE_URL },
    },
    stt: {
      provider: env.STT_PROVIDER,
      baseUrl: env.STT_BASE_URL ?? null,
      apiKey: env.STT_API_KEY ?? null,
      model: env.STT_MODEL ?? null,
    },
    tts: {
      provider: env.TTS_PROVIDER,
      baseUrl: env.TTS_BASE_URL ?? null,
      apiKey: env.TTS_API_KEY ?? null,
      model: env.TTS_MODEL ?? null,
      voice: env.TTS_VOICE ?? null,
    },
    voice: { turnEndSilenceMs: env.VOICE_TURN_END_SILENCE_MS, maxCalls: env.VOICE_MAX_CALLS },
    telephony: env.TWILIO_AUTH_TOKEN ? { twilioAuthToken: env.TWILIO_AUTH_TOKEN, humanHandoffNumber: env.HUMAN_HANDOFF_NUMBER } : null,
    authSecretKeys: env.AUTH_SECRET_KEYS ? env.AUTH_SECRET_KEYS.split(',').map((key) => key.trim()) : null,
    redisUrl: env.REDIS_URL ?? null,
    directory: { hsdsSchemaDir: env.HSDS_SCHEMA_DIR, loadDefaultData: env.DIRECTORY_DEFAULT_DATA },
  };
}

/** For commands (the server, the directory scripts): a bad configuration prints its one message and exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** True when a browser on this machine reaches a server listening on `host` through its loopback names. */
export function listensOnLoopback(host: string): boolean {
  return WILDCARD_HOSTS.has(host) || LOOPBACK_HOSTS.has(host);
}

/**
 * The http address of a server listening on host:port, for when PUBLIC_URL is unset. A server
 * listening on every interface is opened as localhost; an IPv6 literal gets its brackets.
 */
export function addressToOpen(host: string, port: number): string {
  if (WILDCARD_HOSTS.has(host)) return `http://localhost:${port}`;
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
