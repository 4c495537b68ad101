import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config/config.ts';

/**
 * Structured JSON logs. Request logs carry method, route and status only: bodies, query strings and
 * auth headers never reach a log line (they may hold what a person wrote, or a token).
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; routeOptions?: { url?: string }; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        route: request.routeOptions?.url ?? 'unmatched',
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
