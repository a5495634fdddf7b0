import { codeForStatus, type ErrorCode } from '../../shared/error-codes.js';

export interface HttpErrorOptions {
  /** A narrower code than the status's general one (decision 037). */
  code?: ErrorCode;
  /** Field name → message, for the form that sent the request; the code is then `validation_failed` unless named. */
  errors?: Record<string, string>;
  headers?: Record<string, string>;
  /**
   * More fields of the answer, for the few errors that carry more than words (a suspension's reason and appeal link,
   * why a listing may not be seen, decision 069); the route's response schema names them.
   */
  details?: Record<string, unknown>;
}

/** An error that becomes an HTTP answer `{ message, code, errors? }` with its status. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.errors = options.errors;
    this.headers = options.headers;
    this.details = options.details;
    this.code = options.code ?? codeForStatus(statusCode, { fieldErrors: options.errors !== undefined });
  }
}

type Options = Omit<HttpErrorOptions, 'headers'>;

export const badRequest = (message: string, options?: Options) => new HttpError(400, message, options);
export const unauthorized = (message: string, options?: Options) => new HttpError(401, message, options);
export const forbidden = (message: string, options?: Options) => new HttpError(403, message, options);
export const notFound = (message: string, options?: Options) => new HttpError(404, message, options);
export const conflict = (message: string, options?: Options) => new HttpError(409, message, options);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const serviceUnavailable = (message: string, options?: Options) => new HttpError(503, message, options);
