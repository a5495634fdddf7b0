import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { serialId } from '#shared/input.js';
import { MESSAGES } from '#shared/texts.js';
import { notFound } from '../../lib/errors.js';
import { mediaResponse } from '../../lib/responses.js';
import { robotsTxt } from './robots.js';
import { createSitemap, type SitemapOptions } from './sitemap.js';

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
/** Both change slowly and are the same for everyone: a shared cache may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600';
const PAGE_MESSAGE = 'page must be a whole number from 1';

/** GET /robots.txt and GET /sitemap.xml: what search engines read first (decision 041). */
export const seoRoutes: FastifyPluginAsyncZod<SitemapOptions> = async (app, options) => {
  const robots = robotsTxt(options.publicUrl);
  const sitemap = createSitemap(options);

  app.get('/robots.txt', { schema: { response: { 200: mediaResponse(TEXT, 'Rules for crawlers: the public pages, not the API or anyone’s own pages; where the sitemap is.') } } }, (_request, reply) =>
    reply.type(TEXT).header('cache-control', CACHE_CONTROL).send(robots),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        querystring: z.object({ page: serialId(PAGE_MESSAGE).optional() }),
        response: {
          200: mediaResponse(XML, 'The public pages and every visible listing (sitemaps.org); past 50,000 addresses, an index of `?page=N` files.'),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const xml = await sitemap.get(request.query.page);
      if (xml === undefined) throw notFound(MESSAGES.notFound);
      return reply.type(XML).header('cache-control', CACHE_CONTROL).send(xml);
    },
  );
};
