/** robots.txt and the sitemap, for search engines. The only file imported from outside this module (decision 034). */
export { seoRoutes } from './routes.js';
export { SITEMAP_URL_LIMIT, type SitemapSources } from './sitemap.js';
