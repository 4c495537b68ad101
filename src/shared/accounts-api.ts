/**
 * The accounts API: the GoTrue-compatible subset under /auth/v1 (DESIGN §5.1, what @supabase/auth-js
 * sends and reads) and the account routes under /api (DESIGN §5.2).
 *
 * GoTrue reads a body's fields leniently: a field that is not text counts as absent and the service
 * answers with its own message ("Enter your username and password"), after its rate limits. The body
 * schemas keep that (lenientBody, lenientText), so they describe and type the fields without
 * refusing anything GoTrue would have answered differently.
 */
import { z } from 'zod';
import { lenientBody, lenientText } from './api-contracts.ts';
import { bookmarkSchema } from './bookmarks-api.ts';

export const LOGOUT_SCOPES = ['global', 'local', 'others'] as const;
export type LogoutScope = (typeof LOGOUT_SCOPES)[number];
export const GRANT_TYPES = ['password', 'refresh_token'] as const;

/** A factor as GoTrue lists it in `user.factors`. */
export const goTrueFactorSchema = z.object({
  id: z.string(),
  factor_type: z.literal('totp'),
  status: z.enum(['verified', 'unverified']),
  friendly_name: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FactorView = z.infer<typeof goTrueFactorSchema>;

/** The user object GoTrue returns (the fields @supabase/auth-js and the web app read). */
export const goTrueUserSchema = z.object({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  email_confirmed_at: z.string(),
  confirmed_at: z.string(),
  phone: z.string(),
  app_metadata: z.object({ provider: z.literal('email'), providers: z.tuple([z.literal('email')]) }),
  user_metadata: z.object({ username: z.string() }),
  identities: z.array(
    z.object({
      identity_id: z.string(),
      id: z.string(),
      user_id: z.string(),
      identity_data: z.object({ email: z.string(), sub: z.string(), email_verified: z.boolean(), phone_verified: z.boolean() }),
      provider: z.literal('email'),
      email: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  factors: z.array(goTrueFactorSchema),
  is_anonymous: z.literal(false),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GoTrueUser = z.infer<typeof goTrueUserSchema>;

/** A session; the web client's has no `refresh_token` (it travels in an HttpOnly cookie). */
export const goTrueSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  refresh_token: z.string().optional(),
  user: goTrueUserSchema,
});
export type GoTrueSession = z.infer<typeof goTrueSessionSchema>;

/** Sign-up and the second-factor recovery answer with a session and the (new) one-time recovery code. */
export const sessionWithRecoveryCodeSchema = goTrueSessionSchema.extend({ recovery_code: z.string() });

export const signUpBodySchema = lenientBody({
  username: lenientText,
  password: lenientText,
  /** auth-js sends `{email, password, options: {data: {username}}}` as `{email, password, data}`. */
  email: lenientText,
  data: z.object({ username: lenientText }).optional().catch(undefined),
});
export type SignUpBody = z.output<typeof signUpBodySchema>;

export const tokenQuerySchema = z.object({
  grant_type: z.enum(GRANT_TYPES, { error: 'Unsupported grant type: use password or refresh_token' }),
});

/** `grant_type=password` reads username (or email) and password; `refresh_token` the token (or the cookie). */
export const tokenBodySchema = lenientBody({ username: lenientText, email: lenientText, password: lenientText, refresh_token: lenientText });
export type TokenBody = z.output<typeof tokenBodySchema>;

export const logoutQuerySchema = z.object({
  scope: z.enum(LOGOUT_SCOPES, { error: 'Parameter scope must be one of global, local, others' }).default('global'),
});

export const updateUserBodySchema = lenientBody({
  email: lenientText,
  password: lenientText,
  current_password: lenientText,
  data: z.object({ username: lenientText }).optional().catch(undefined),
});
export type UpdateUserBody = z.output<typeof updateUserBodySchema>;

export const enrollBodySchema = lenientBody({ factor_type: lenientText, friendly_name: lenientText, issuer: lenientText });

export const enrollResultSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  friendly_name: z.string(),
  /** `qr_code` is SVG markup, as GoTrue sends it; the web client gets a data URL for <img>. */
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
});
export type EnrollResult = z.infer<typeof enrollResultSchema>;

export const factorParamsSchema = z.object({ factorId: z.string() });

export const challengeResultSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  /** Seconds since the epoch. */
  expires_at: z.number(),
});
export type ChallengeResult = z.infer<typeof challengeResultSchema>;

export const verifyBodySchema = lenientBody({ challenge_id: lenientText, code: lenientText });

export const unenrollResultSchema = z.object({ id: z.string() });

export const recoveryCodeBodySchema = lenientBody({ recovery_code: lenientText });

export const recoverWithCodeBodySchema = lenientBody({
  username: lenientText,
  recovery_code: lenientText,
  new_password: lenientText,
  /** Older clients sent the new password as `password`. */
  password: lenientText,
});
export type RecoverWithCodeBody = z.output<typeof recoverWithCodeBodySchema>;

export const recoveryCodeSchema = z.object({ recovery_code: z.string() });

/** The public keys access tokens are signed with (ES256 JWKs). */
export const jwksSchema = z.object({ keys: z.array(z.looseObject({ kty: z.string().optional(), kid: z.string().optional(), alg: z.string().optional() })) });

export const goTrueSettingsSchema = z.object({
  external: z.object({ email: z.boolean(), phone: z.boolean() }),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
});

export const profileSchema = z.object({ id: z.string(), username: z.string(), created_at: z.string() });
export type Profile = z.infer<typeof profileSchema>;

export const usernameParamsSchema = z.object({ name: z.string() });
export const usernameAvailabilitySchema = z.object({ available: z.boolean() });

export const deleteAccountBodySchema = lenientBody({ password: lenientText });

const exportedMessageSchema = z.object({ id: z.string(), sender: z.enum(['user', 'ai']), content: z.string(), created_at: z.string() });
export const exportedConversationSchema = z.object({ id: z.string(), created_at: z.string(), messages: z.array(exportedMessageSchema) });
export type ExportedConversation = z.infer<typeof exportedConversationSchema>;

/** "Download my data": everything Ellis keeps about a signed-in person, and nothing secret. */
export const accountExportSchema = z.object({
  format: z.literal('ellis-account-export'),
  version: z.literal(1),
  exported_at: z.string(),
  account: z.object({
    id: z.string(),
    username: z.string(),
    created_at: z.string(),
    two_step_verification: z.array(z.object({ id: z.string(), friendly_name: z.string().nullable(), status: z.string(), created_at: z.string() })),
  }),
  bookmarks: z.array(bookmarkSchema),
  conversations: z.array(exportedConversationSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
