/** How long a client is asked to wait before trying again while the database is out of reach (seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs that say the connection, not the statement, failed: the server is shutting down or starting
 * (57P01 admin_shutdown — what `pg_terminate_backend` sends —, 57P02 crash_shutdown, 57P03 cannot_connect_now),
 * it has no connection slot left (53300), or class 08 (connection exception).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * What node-postgres and its pool say when a connection dies under a query or cannot be had: "Connection
 * terminated" (unexpectedly, or due to connection timeout), a client that already lost or closed its
 * connection, the pool's wait for a free client running out.
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

function isUnavailable(e: { code?: unknown; message?: unknown }): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return DRIVER_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * True when an error means the database could not be reached or dropped the connection, as opposed to a
 * statement it refused: the request may succeed if tried again shortly. Drizzle wraps the driver's error
 * (`cause`); a failed connect to a host with several addresses is an AggregateError (`errors`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const e = pending.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (isUnavailable(e)) return true;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}
