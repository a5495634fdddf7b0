// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PATH, OPENAPI_PATH, stableJson } from '../src/server/modules/api-docs/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * The routes the app answers, from Fastify's route tree (`printRoutes`), as `GET /api/services/{}`: the tree merges
 * parameters of different names at one place (`:id|:serviceId`), so parameter names are left out on both sides.
 * HEAD, which Fastify adds to every GET, is left out too.
 */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const path: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*) \(([^)]*)\)$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    path.length = indent.length / 4;
    path.push(segment);
    for (const method of methods.split(', ')) {
      if (method !== '-' && method !== 'HEAD') routes.push(`${method} ${withoutParameterNames(path.join(''))}`);
    }
  }
  return routes;
}

const withoutParameterNames = (url: string) => url.replace(/:[^/]+/g, '{}').replace(/\{[^}/]+\}/g, '{}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is the one checked in as docs/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(stableJson(JSON.parse(res.body)));
    const document = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/services/{id}');
    // `npm run openapi` runs this file with --update, which writes the file instead of comparing.
    await expect(res.body, 'docs/openapi.json differs from the routes: run `npm run openapi` and commit the file').toMatchFileSnapshot('../docs/openapi.json');
  });

  it('lists every route the app answers, but the viewer’s own files', async () => {
    const document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${withoutParameterNames(path)}`),
    );
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) => !route.split(' ')[1]!.startsWith(DOCS_PATH));
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContain('GET /api/services/{}/reviews');
    expect(documented.sort()).toEqual(routes.sort());
  });
});

describe('the API viewer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is a page with no inline script, under the app’s CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\ssrc="/);
      expect(body.trim()).toBe('');
    }
    expect(res.body).not.toMatch(/\son[a-z]+=/i);
    expect(res.body).not.toMatch(/https?:\/\//);
  });

  it('serves its scripts and styles from this server', async () => {
    const page = (await t.app.inject({ method: 'GET', url: DOCS_PATH })).body;
    const files = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
    expect(files).toEqual(expect.arrayContaining([expect.stringMatching(/swagger-initializer\.js$/), expect.stringMatching(/swagger-ui-bundle\.js$/)]));
    for (const file of files) {
      const res = await t.app.inject({ method: 'GET', url: file });
      expect(res.statusCode, file).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: files.find((file) => file.endsWith('swagger-initializer.js'))! });
    expect(initializer.headers['content-type']).toMatch(/^application\/javascript/);
  });
});
