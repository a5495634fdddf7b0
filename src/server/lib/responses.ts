import { z } from 'zod';

/**
 * Route response schemas for answers that are not JSON (decision 039). They document the answer in the OpenAPI
 * document without touching it: a redirect has no body, and a string, a Buffer or a hijacked stream is sent as it is,
 * so no serializer is ever run on them.
 */

/** A redirect (Fastify's `reply.redirect`, 302) to `where`, named in the Location header. */
export const redirectResponse = (where: string) =>
  z.null().meta({ description: `Redirects to ${where}.`, headers: { location: { type: 'string', description: 'Where the browser goes next.' } } });

/** A body of another media type: an image, the event stream, Prometheus's text. */
export const mediaResponse = (contentType: string, description: string, schema: z.ZodType = z.string()) => ({
  description,
  content: { [contentType]: { schema } },
});

/** A 304 to a conditional GET: the client's copy, named by its ETag in If-None-Match, is still current; no body. */
export const notModifiedResponse = z.null().meta({ description: 'Not modified: the copy named in If-None-Match is still current.' });
