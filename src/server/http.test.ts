// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.js';
import { signUp } from '../../test/helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error answers', () => {
  it('answers JSON 404 for an unknown API path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('answers 400 JSON for a malformed JSON body and changes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"email": "x@example.test", "password": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_json' });
    expect(res.cookies).toHaveLength(0);
  });

  it('answers 413 JSON for a body over the limit', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large', code: 'payload_too_large' });
  });

  it('answers 415 JSON for a body type the API does not take', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'unsupported_media_type' });
  });

  it('hides the details of an unexpected failure', async () => {
    const broken = await createTestApp();
    try {
      // The database goes away under the running app, as a lost connection would.
      await broken.database.close();
      const res = await broken.app.inject({ method: 'GET', url: '/api/categories' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'server_error' });
      expect(res.body).not.toMatch(/select|categories|stack|at /i);
    } finally {
      await broken.app.close();
    }
  });
});

describe('cross-site protection', () => {
  it('refuses a state-changing request a browser marks as cross-site', async () => {
    const { cookie, user } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/username',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { username: 'hijacked_name' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed', code: 'cross_origin' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().username).toBe(user.username);
  });

  it('refuses a foreign Origin when fetch metadata is absent', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it('lets same-origin requests through', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/email-notifications',
      headers: { cookie, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5000' },
      payload: { emailNotificationsEnabled: false },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a strict content security policy and no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
