/**
 * The one error type services throw. `code` is a stable snake_case identifier clients may branch on;
 * `message` is safe to show to the user.
 */
export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}
