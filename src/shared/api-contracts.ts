/**
 * Shapes every route shares (docs/decisions/090): the error answers, ids, the health checks. Route
 * schemas are built from these and the per-feature contracts beside this file.
 */
import { z } from 'zod';

/** The app's error answer (src/server/plugins/errors.ts); `requestId` only on 5xx. */
export const apiErrorSchema = z
  .object({ code: z.string(), message: z.string(), requestId: z.string().optional() })
  .describe('Refused: a stable snake_case code and a message safe to show.');

/** GoTrue's error answer under /auth/v1; a weak password adds `weak_password.reasons`. */
export const goTrueErrorSchema = z
  .looseObject({ code: z.number().int(), error_code: z.string(), msg: z.string(), request_id: z.string().optional() })
  .describe('Refused, in GoTrue\'s shape: the status, a stable snake_case error_code and a message safe to show.');

/** Ids are UUIDs (any version: db/ids.ts makes time-ordered ones). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const uuidSchema = z.string().regex(UUID_PATTERN);

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** `:id` in a path that names one of a person's things. */
export const idParamsSchema = z.object({ id: uuidSchema });

/** `:id` read as text; the service decides (after checking who asks) whether it names anything. */
export const anyIdParamsSchema = z.object({ id: z.string() });

/** An answer without a body (204). */
export const noContentSchema = z.undefined().describe('No content.');

/**
 * A text field of a GoTrue-style body: anything but a string reads as absent, as GoTrue's own
 * decoding does, so the service answers a missing or mistyped field with its own message.
 */
export const lenientText = z.string().optional().catch(undefined);

/** A body read as an object: anything else (an array, a string, nothing) reads as `{}`. */
export function lenientBody<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape).catch({} as z.output<z.ZodObject<Shape>>);
}

export const livenessSchema = z.object({ status: z.literal('ok') });
export const readinessSchema = z.object({ status: z.literal('ready'), database: z.literal('ok') });
export const unreadySchema = z
  .object({ status: z.literal('unavailable'), database: z.literal('unreachable') })
  .describe('Not ready: the database cannot be reached.');

/** Prometheus text exposition (GET /metrics). */
export const metricsTextSchema = z.string().describe('Prometheus text exposition format.');

/** A WebSocket route: the handshake's answer; the conversation then goes on in frames. */
export const websocketUpgradeSchema = z.undefined().describe('Switching Protocols: the WebSocket is open.');
