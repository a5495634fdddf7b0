import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, errorCodes } from '#shared/error-codes.js';
import { apiErrorSchema } from '#shared/errors.js';

/** Where the document is published and where the viewer lives (decision 039). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const API_ERROR_REF = '#/components/schemas/ApiError';
type JsonObject = Record<string, unknown>;

/**
 * What each error status means on this API, with the codes it can carry (decision 037). The route's own schema says
 * which statuses it answers; this text is the same wherever the status appears.
 */
const STATUS_TEXTS: Record<string, string> = {
  400: 'The request cannot be carried out as sent: `validation_failed` (then `errors` names each field), `invalid_json`, or a narrower code.',
  401: 'Nobody is signed in, or the session has ended (`unauthenticated`, `invalid_credentials`, `wrong_password`).',
  403: 'Refused: a suspended account (`account_suspended`, on every /api route), Terms of Service not accepted (`terms_not_accepted`, on changes), a cross-site write (`cross_origin`), or this person may not do this (`forbidden` and narrower codes).',
  404: 'There is no such thing, or it is not visible to the person asking (`not_found`).',
  409: 'The request clashes with the current state of what it names (`conflict` and narrower codes).',
  411: 'An upload must declare its length (`length_required`).',
  413: 'The body or one of its files is larger than allowed (`payload_too_large`).',
  415: 'The body is neither JSON nor, where the route takes files, multipart (`unsupported_media_type`).',
  429: 'Too many requests of this kind (`rate_limited`); the Retry-After header says when to try again.',
  500: 'Something went wrong on the server; it has been logged (`server_error`).',
  503: 'The server cannot do this now: the database cannot be reached (`database_unavailable`, with Retry-After), or a dependency such as the identity provider or the backup tool is missing (`service_unavailable`).',
};

const RETRY_AFTER = { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' } };

/** Methods whose requests may carry a body: Fastify parses one whenever a content type is sent. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Statuses every route can answer whatever its handler does, added here once rather than on each route (decision 039):
 * any handler can fail (500) and any request can find the database unreachable (503: the session is read from it on
 * every /api request); the session plugin refuses a suspended member's session on every /api route (403); a request
 * that carries a body can be malformed JSON (400), too large (413) or of a type the API does not take (415).
 */
function globalStatuses(method: string, url: string): string[] {
  const statuses = ['500', '503'];
  if (url === '/api' || url.startsWith('/api/')) statuses.push('403');
  if (BODY_METHODS.has(method)) statuses.push('400', '413', '415');
  return statuses;
}

/** Groups the operations in the viewer: the first path segment after /api names the part of the API. */
const TAGS: Array<[prefix: string, tag: string]> = [
  ['/api/admin/backups', 'backups'],
  ['/api/admin', 'admin'],
  ['/api/auth', 'accounts'],
  ['/api/login', 'accounts'],
  ['/api/logout', 'accounts'],
  ['/api/callback', 'accounts'],
  ['/api/categories', 'catalogue'],
  ['/api/seed-initial-data', 'catalogue'],
  ['/api/services/:serviceId', 'reviews'],
  ['/api/services/:id/report', 'reports'],
  ['/api/services', 'listings'],
  ['/api/my-services', 'listings'],
  ['/api/images', 'images'],
  ['/api/zip', 'zip'],
  ['/api/conversations', 'messaging'],
  ['/api/messages', 'messaging'],
  ['/api/events', 'events'],
  ['/api/health', 'operations'],
  ['/api/ready', 'operations'],
  ['/metrics', 'operations'],
  [OPENAPI_PATH, 'operations'],
  ['/robots.txt', 'crawlers'],
  ['/sitemap.xml', 'crawlers'],
];

const tagOf = (url: string) => TAGS.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`))?.[1];

/**
 * The body of an upload route (`consumes: ['multipart/form-data']` in its schema): @fastify/multipart reads the
 * stream in the handler, so the route has no body schema to validate with, only this description.
 */
const UPLOAD_BODY = {
  type: 'object',
  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'One picture; its real bytes decide its type, whatever its name or declared type says.' } },
  required: ['file'],
};

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * The zod type provider's transform, then: every `apiErrorSchema` answer becomes a reference to the one `ApiError`
 * component with its status's meaning, the statuses every route shares are added, and the route gets its tag.
 */
export const transformRoute: SwaggerTransform = (document) => {
  const { schema, url } = zodTransform(document as never) as { schema?: JsonObject; url: string };
  const transformed = schema ?? {};
  if (transformed.hide) return { schema: transformed, url };
  const declared = ((document.schema as JsonObject | undefined)?.response ?? {}) as Record<string, unknown>;
  const response = { ...((transformed.response ?? {}) as Record<string, unknown>) };
  for (const [status, zodSchema] of Object.entries(declared)) {
    if (zodSchema === apiErrorSchema) response[status] = errorResponse(status);
  }
  const method = ([] as string[]).concat(document.route.method)[0] ?? 'GET';
  for (const status of globalStatuses(method, url)) response[status] ??= errorResponse(status);
  const upload = !transformed.body && Array.isArray(transformed.consumes) && transformed.consumes.includes('multipart/form-data');
  const tag = tagOf(url);
  return { schema: { ...(tag && !transformed.tags ? { tags: [tag] } : {}), ...transformed, ...(upload ? { body: UPLOAD_BODY } : {}), response }, url };
};

function errorResponse(status: string): JsonObject {
  const description = STATUS_TEXTS[status] ?? 'An error.';
  return { description, $ref: API_ERROR_REF, ...(status === '429' || status === '503' ? { headers: RETRY_AFTER } : {}) };
}

/** The `ApiError` component: the shape of every error answer and the meaning of each code (decision 037). */
function apiErrorComponent(): JsonObject {
  const json = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12', io: 'output' }) as JsonObject;
  const { $schema: _schema, ...shape } = json;
  const properties = shape.properties as Record<string, JsonObject>;
  const codes = errorCodes.map((code) => `- \`${code}\`: ${ERROR_CODES[code]}`).join('\n');
  return {
    ...shape,
    description: 'Every error answer. Clients act on `code`, which never changes meaning; `message` is written for people and may change.',
    properties: {
      message: { ...properties.message, description: 'For people: may be shown as it is, may change.' },
      code: {
        ...properties.code,
        description: `Stable: codes are added, never renamed or reused.\n\n${codes}`,
        'x-enum-descriptions': errorCodes.map((code) => ERROR_CODES[code]),
      },
      errors: { ...properties.errors, description: 'With `validation_failed`: each field named with its message.' },
    },
  };
}

export const transformDocument: SwaggerTransformObject = (documentObject) => {
  const document = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as JsonObject;
  const components = (document.components ?? {}) as JsonObject;
  return {
    ...document,
    components: { ...components, schemas: { ...((components.schemas ?? {}) as JsonObject), ApiError: apiErrorComponent() } },
  } as ReturnType<SwaggerTransformObject>;
};

/** Pretty-printed with every object's keys sorted, so the checked-in file only changes where the contract does. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as JsonObject)[key])]),
  );
}
