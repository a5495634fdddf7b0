import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeForStatus } from '../../shared/error-codes.js';
import { MESSAGES } from '../../shared/texts.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-faults.js';
import { HttpError } from './errors.js';

/** The form field a validation issue belongs to: "/availability/2" → "availability"; a body-level issue has none. */
const fieldOf = (instancePath: string) => instancePath.split('/')[1] ?? '';

/**
 * Every failure leaves as `{ message, code, errors? }` (decision 037). 4xx messages are written for people;
 * anything unexpected is logged in full and answered with a plain 500 (no stack, no SQL).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ message: error.message, code: error.code, ...(error.errors && { errors: error.errors }), ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath) || '_';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ message: first, code: 'validation_failed', errors });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ message: MESSAGES.invalidJson, code: 'invalid_json' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: MESSAGES.tooLarge, code: 'payload_too_large' });
    }
    if (isDatabaseUnavailable(error)) {
      // A lost or refused connection is an outage, not a bug: the same request works once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ message: MESSAGES.databaseUnavailable, code: 'database_unavailable' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (empty JSON body, unsupported media type…) carry readable messages.
      return reply.code(status).send({ message: error.message, code: codeForStatus(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: MESSAGES.serverError, code: 'server_error' });
  });
}

/** Postgres unique-violation, whether thrown by a driver directly or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
