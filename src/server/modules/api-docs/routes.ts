import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCS_PATH, OPENAPI_PATH, stableJson, transformDocument, transformRoute } from './openapi.js';

const DESCRIPTION = [
  'The community services marketplace API. Every route declares its parameters, body and answers; this document is generated from those schemas.',
  '',
  'Errors always answer `ApiError` (`{message, code, errors?}`): clients act on `code`. Every /api route can answer 403 `account_suspended` when the session belongs to a suspended member, and every route 500 and 503.',
  '',
  'Signing in sets a session cookie; requests that change something must come from this site (`cross_origin` otherwise).',
].join('\n');

/**
 * The document builder, registered before every route so it sees them all (@fastify/swagger collects routes as they
 * are added). Not encapsulated: its `onRoute` hook must reach the routes registered beside it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      // The contract's version: it grows by additions (new routes, fields, error codes) and has never broken a client.
      info: { title: 'Community services marketplace', version: '1', description: DESCRIPTION },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });
}

/** GET /api/openapi.json, the published contract, and GET /api/docs, a viewer served from this server (decision 039). */
export const apiDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  let text: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document',
        response: { 200: { description: 'The OpenAPI 3.1 document of this API.', content: { 'application/json': { schema: z.looseObject({}) } } } },
      },
    },
    async (_request, reply) => {
      // The routes are fixed once the app is ready: the text is made once, in the order docs/openapi.json keeps.
      text ??= stableJson(app.swagger());
      return reply.type('application/json; charset=utf-8').send(text as never);
    },
  );

  // Swagger UI from this server's own files: its start-up script is a file too, so the app's CSP (script-src 'self') holds.
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { deepLinking: true } });
};
