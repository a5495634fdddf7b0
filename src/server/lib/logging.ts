import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * The one logger configuration (decision 018): main.ts passes it to buildApp, the logging test builds the app
 * with it. Secrets never reach a log line: URL query secrets are masked by the request serializer, failed
 * queries are logged without their parameters, and pino's `redact` masks headers and fields by name.
 */

export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are secrets wherever they appear: emailed links, OpenID Connect callbacks, keys; and
 * a person's coordinates ('Use my location', decision 050), which are never kept.
 */
const SECRET_PARAMS = new Set(['code', 'state', 'nonce', 'key', 'sig', 'signature', 'session', 'sid', 'auth', 'ticket', 'otp', 'assertion', 'lat', 'lng', 'lon', 'latitude', 'longitude']);
const SECRET_PARAM_PARTS = ['token', 'password', 'passwd', 'secret', 'apikey', 'api_key', 'credential'];

const hasSecretPart = (lower: string) => SECRET_PARAM_PARTS.some((part) => lower.includes(part));

export function isSecretParam(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_PARAMS.has(lower) || hasSecretPart(lower);
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** `/reset-password?token=abc&x=1` → `/reset-password?token=[redacted]&x=1`: the rest stays readable for debugging. */
export function scrubUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const query = url.slice(start + 1, hash < 0 ? undefined : hash);
  const pairs = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    return eq >= 0 && isSecretParam(decodedName(name)) ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

/**
 * Fields of database errors that quote values: Drizzle's and PGlite's `params`, PostgreSQL's `detail`
 * ("Key (email)=(…) already exists", "Failing row contains (…)") and `where` ("portal parameter $1 = '…'").
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);
const MAX_CAUSES = 5;

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** Masks every "…" in a PostgreSQL data-exception message (class 22: `invalid input syntax for type integer: "…"`). */
function maskQuoted(message: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = message.indexOf('"', at);
    const close = open < 0 ? -1 : message.indexOf('"', open + 1);
    if (close < 0) return out + message.slice(at);
    out += `${message.slice(at, open + 1)}${REDACTED}"`;
    at = close + 1;
  }
}

/** An error's own message without the query parameters it may quote. */
function ownMessage(error: ErrorLike): string {
  let message = error.message;
  // Drizzle: "Failed query: <sql>\nparams: <values>".
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = message.slice(0, params);
  const code = error.code;
  if (typeof code === 'string' && code.startsWith('22') && typeof error.severity === 'string') message = maskQuoted(message);
  return message;
}

/** The whole chain of messages ("…: caused by …"), safe to log or store. */
export function safeErrorMessage(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; isErrorLike(e) && depth <= MAX_CAUSES; depth += 1, e = e.cause) parts.push(ownMessage(e));
  return parts.join(': caused by ');
}

/** pino's error shape (type, message, stack, own fields, cause) with every value-quoting part left out. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const message = ownMessage(error);
  // The stack starts with the full message; only the safe one may stay.
  const stack = typeof error.stack === 'string' ? error.stack.split(error.message).join(message) : undefined;
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message, stack };
  for (const key of Object.keys(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack' || VALUE_FIELDS.has(key) || hasSecretPart(key.toLowerCase())) continue;
    const value = error[key];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    else if (isErrorLike(value) && depth < MAX_CAUSES) out[key] = serializeError(value, depth + 1);
  }
  if (Array.isArray(error.errors) && depth < MAX_CAUSES) out.errors = error.errors.map((e) => serializeError(e, depth + 1));
  if (isErrorLike(error.cause) && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** Field names that hold secrets, wherever someone logs an object with them (one level deep, and in headers). */
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'token', 'accessToken', 'refreshToken', 'idToken', 'secret', 'clientSecret', 'sessionSecret', 'cookie', 'authorization'];
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key'];
export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.body.${field}`),
  ...SECRET_HEADERS.flatMap((header) => [`headers["${header}"]`, `*.headers["${header}"]`]),
];

/** Fastify's logger option: its own fields and pino's (`redact`). */
export type AppLoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Fastify's request fields, with the URL's query secrets masked. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: scrubUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options of the application; `stream` (a test's capture) replaces stdout. */
export function loggerOptions(level: string, stream?: { write(line: string): void }): AppLoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: serializeRequest,
      err: (error) => serializeError(error) as { type: string; message: string; stack: string },
    },
    ...(stream && { stream }),
  };
}

/** 1 to 128 of [A-Za-z0-9._-], checked character by character: what a proxy's or client's request id may be. */
export function isValidRequestId(value: string): boolean {
  if (value.length < 1 || value.length > 128) return false;
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 46 || c === 95;
    if (!ok) return false;
  }
  return true;
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** The request id: the caller's `X-Request-Id` when valid (a proxy's, to follow one request across logs), else a UUID. */
export function genReqId(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && isValidRequestId(sent) ? sent : randomUUID();
}

/** Fastify options for request ids; Fastify's own header reading would take any value as it is. */
export const REQUEST_ID_OPTIONS = { genReqId, requestIdHeader: false } as const;

/** onRequest hook: every answer (errors and event streams included) names its request id. */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  done();
}

/** The fields of the one line per request: what an operator filters on, never headers, cookies or bodies. */
function requestLine(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    // The pattern (`/api/services/:id`), so lines group by endpoint; null when no route matched.
    route: request.routeOptions.url ?? null,
    url: scrubUrl(request.url),
    status: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime * 10) / 10,
    userId: request.session?.user.id ?? null,
  };
}

/** The levels at which the line of each request is written. */
const WRITES_INFO = new Set(['trace', 'debug', 'info']);

/**
 * Fastify writes two lines per request ("incoming request", then "request completed" with the raw reply);
 * this writes one, when the answer has gone, with the fields of `requestLine`. Fastify's other lines stay.
 */
class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) request.log.error({ ...requestLine(request, reply), err: error }, 'request errored');
    // The line is put together only when it is written: below info (LOG_LEVEL=warn) it cost every request its fields.
    else if (WRITES_INFO.has(request.log.level)) request.log.info(requestLine(request, reply), 'request completed');
  }
}

/** Fastify options for the request log line; spread into the app's options beside REQUEST_ID_OPTIONS. */
export const requestLogOptions = () => ({ logController: new RequestLogController() });
