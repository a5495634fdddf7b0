/**
 * Pages: the public pages rendered on the server with the web app's own server entry, from the data the API
 * answers with (decision 042). The only file imported from outside this module (decision 034).
 */
export type { PageReads } from './data.js';
export { parseTemplate, type ReadPublicFile, type ViteManifest } from './document.js';
export { createPageHandler, type PageRenderer } from './handler.js';
