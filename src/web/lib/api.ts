import type { ErrorCode } from '../../shared/error-codes.js';
import { asUnavailableListing, type UnavailableListing } from '../../shared/unavailable-texts.js';

/** The parts of the server's `{ message, code, errors? }` body besides the message. */
export interface ApiErrorDetails {
  code?: ErrorCode;
  errors?: Record<string, string>;
  /** A suspended account's sign-in with the right password (decision 047): why, and where to appeal (null once appealed). */
  suspension?: { reason: string | null; appealUrl: string | null };
  /** REQUIRE_ADMIN_2FA's refusal (decision 061): set a second factor up, or sign in again with the one there is. */
  secondFactor?: 'set_up' | 'sign_in_again';
  /** GET /api/services/{id}'s 404 for a listing that exists but may not be seen: why, and its category (decision 069). */
  unavailable?: UnavailableListing;
}

/**
 * A failed API call: the HTTP status plus the server's `{ message, code, errors? }` body.
 * Status 0 means the server never answered; `fromServer` is false when the message was not written by the server.
 * Pages decide what to do by `code` (decision 037), never by the message's words.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly errors: Record<string, string> | undefined;
  readonly suspension: ApiErrorDetails['suspension'];
  readonly secondFactor: ApiErrorDetails['secondFactor'];
  readonly unavailable: ApiErrorDetails['unavailable'];
  readonly fromServer: boolean;

  constructor(status: number, message: string, details?: ApiErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = details?.code;
    this.errors = details?.errors;
    this.suspension = details?.suspension;
    this.secondFactor = details?.secondFactor;
    this.unavailable = details?.unavailable;
    this.fromServer = details !== undefined;
  }
}

/** A server's error body, checked by hand rather than with the shared zod schema so zod stays out of the entry bundle. */
export function errorDetails(value: unknown): { message: string; details: ApiErrorDetails } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { message, code, errors, reason, appealUrl, secondFactor, unavailable } = value as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    message,
    details: {
      code: typeof code === 'string' ? (code as ErrorCode) : undefined,
      errors: typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : undefined,
      ...((reason !== undefined || appealUrl !== undefined) && { suspension: { reason: textOrNull(reason), appealUrl: textOrNull(appealUrl) } }),
      ...((secondFactor === 'set_up' || secondFactor === 'sign_in_again') && { secondFactor }),
      ...(unavailable !== undefined && { unavailable: asUnavailableListing(unavailable) }),
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = errorDetails(JSON.parse(text));
    if (body) return new ApiError(response.status, body.message, body.details);
  } catch {
    // Not JSON: fall through and report the status with the raw body.
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
}

/** The answer of a call that succeeded, or the ApiError of one that did not. */
async function send(method: Method, path: string, { body, signal }: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Could not reach the server. Please check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the server answered (a ZIP of the member's data): its bytes and the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

// One quoted name without quotes inside: linear on any header.
const ATTACHMENT_NAME = /filename="([^"]*)"/;

async function download(method: Method, path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send(method, path, options);
  const fileName = ATTACHMENT_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** JSON client for the same-origin API. It only transports: no toasts, no navigation. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** A POST answered with a file rather than JSON; its refusals are JSON like every other. */
  postForFile: (path: string, body?: unknown, options?: RequestOptions) => download('POST', path, { ...options, body }),
};

/** The server's message for a failed call, or the fallback when there is none to show. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return fallback;
}
