// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '#shared/admin.js';
import type { Conversation } from '#shared/messaging.js';
import type { Report } from '#shared/reports.js';
import { call, ok, type Method } from '#test/helpers/admin.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let target: SignedUp;
let conversationId: number;
let reportId: number;
let listingId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, member, target] = await Promise.all([signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL), signUp(t.app), signUp(t.app)]);
  const listing = await createListing(t, target.cookie);
  listingId = listing.id;
  const conversation = await call(t, 'POST', '/api/conversations', member.cookie, { serviceId: listing.id, message: 'Hello, is this still available?' });
  expect(conversation.statusCode, conversation.body).toBe(201);
  conversationId = conversation.json<Conversation>().id;
  const report = await call(t, 'POST', `/api/services/${listing.id}/report`, member.cookie, { reason: 'spam' });
  expect(report.statusCode, report.body).toBe(201);
  reportId = report.json<Report>().id;
});
afterAll(() => t.close());

/** Every administrator endpoint, in an order in which each succeeds once for the administrator. */
const endpoints = (): Array<{ method: Method; url: () => string; payload?: object }> => [
  { method: 'GET', url: () => '/api/admin/users' },
  { method: 'POST', url: () => `/api/admin/users/${target.user.id}/ban` },
  { method: 'POST', url: () => `/api/admin/users/${target.user.id}/unban` },
  { method: 'GET', url: () => '/api/admin/services?includeDeleted=true' },
  { method: 'GET', url: () => '/api/admin/reports?status=pending' },
  { method: 'PATCH', url: () => `/api/admin/reports/${reportId}/status`, payload: { status: 'reviewed' } },
  { method: 'GET', url: () => '/api/admin/conversations' },
  { method: 'GET', url: () => `/api/admin/conversations/${conversationId}/messages` },
  { method: 'GET', url: () => '/api/admin/audit-log' },
  { method: 'DELETE', url: () => `/api/admin/services/${listingId}` },
];

describe('who may call the administrator API', () => {
  it('answers 401 signed out, 403 to a member, 200 to the administrator, on every endpoint', async () => {
    const meAsAdmin = await ok<{ isAdmin: boolean }>(call(t, 'GET', '/api/auth/user', admin.cookie));
    expect(meAsAdmin.isAdmin).toBe(true);
    for (const { method, url, payload } of endpoints()) {
      const anonymous = await call(t, method, url(), undefined, payload);
      expect(anonymous.statusCode, `${method} ${url()} signed out`).toBe(401);
      expect(anonymous.json()).toEqual({ message: expect.any(String), code: 'unauthenticated' });

      const user = await call(t, method, url(), member.cookie, payload);
      expect(user.statusCode, `${method} ${url()} as a member`).toBe(403);
      expect(user.json()).toEqual({ message: ADMIN_ERRORS.forbidden, code: 'forbidden' });

      const allowed = await call(t, method, url(), admin.cookie, payload);
      expect(allowed.statusCode, `${method} ${url()} as the administrator: ${allowed.body}`).toBe(200);
      expect(allowed.headers['cache-control']).toBe('no-store');
    }
  });

  it('checks the role before the input, from the configured addresses only', async () => {
    // Bad input from a non-administrator learns nothing about the input: the role comes first.
    for (const url of ['/api/admin/users?limit=0', '/api/admin/users?cursor=forged', '/api/admin/reports?status=nope', '/api/admin/conversations/abc/messages']) {
      const res = await call(t, 'GET', url, member.cookie);
      expect(res.statusCode, url).toBe(403);
    }
    const patch = await call(t, 'PATCH', `/api/admin/reports/${reportId}/status`, member.cookie, { status: 'pending' });
    expect(patch.statusCode).toBe(403);
    // A member whose address merely resembles the administrator's is not one.
    const lookalike = await signUp(t.app, { email: `x${ADMIN_EMAIL}` });
    expect((await call(t, 'GET', '/api/admin/users', lookalike.cookie)).statusCode).toBe(403);
    const [crowd] = await manyUsers(t, 1);
    expect((await call(t, 'GET', '/api/admin/audit-log', crowd)).statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 400 JSON with a message, never 500, for bad pages, filters, bodies and ids', async () => {
    const otherListCursor = (await ok<{ nextCursor: string | null }>(call(t, 'GET', '/api/admin/users?limit=1', admin.cookie))).nextCursor!;
    expect(otherListCursor).toEqual(expect.any(String));
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cases: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/users?limit=0'],
      ['GET', '/api/admin/users?limit=101'],
      ['GET', '/api/admin/users?limit=abc'],
      ['GET', '/api/admin/users?limit=2.5'],
      ['GET', `/api/admin/users?cursor=${'x'.repeat(501)}`],
      ['GET', '/api/admin/services?includeDeleted=maybe'],
      ['GET', '/api/admin/services?includeDeleted=1'],
      ['GET', '/api/admin/reports?status=open'],
      ['GET', '/api/admin/conversations/abc/messages'],
      ['GET', '/api/admin/conversations/0/messages'],
      ['GET', '/api/admin/conversations/99999999999/messages'],
      ['DELETE', '/api/admin/services/-1'],
      ['DELETE', '/api/admin/services/1.5'],
      ['PATCH', `/api/admin/reports/${reportId}/status`, { status: 'pending' }],
      ['PATCH', `/api/admin/reports/${reportId}/status`, { status: 'REVIEWED' }],
      ['PATCH', `/api/admin/reports/${reportId}/status`, {}],
      ['PATCH', '/api/admin/reports/abc/status', { status: 'reviewed' }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(t, method, url, admin.cookie, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().message, url).toEqual(expect.any(String));
    }

    // Fastify's router refuses an id over 100 characters before any route runs: still 4xx JSON.
    const longId = await call(t, 'POST', `/api/admin/users/${'u'.repeat(101)}/ban`, admin.cookie);
    expect(longId.statusCode).toBe(414);
    expect(longId.json().message).toEqual(expect.any(String));

    const cursors = [
      'forged',
      '%%%',
      forged({ k: 'users' }),
      forged({ k: 'users', t: 'yesterday', i: 'a' }),
      forged({ k: 'users', t: '2025-02-31T10:00:00.000000Z', i: 'a' }),
      forged({ k: 'users', t: '2025-01-01T10:00:00Z', i: 'a' }),
      forged({ k: 'services', t: '2025-01-01T10:00:00.000000Z', i: 'a' }),
      forged({ k: 'reports', t: '2025-01-01T10:00:00.000000Z', i: 0 }),
      forged({ k: 'audit', i: -1 }),
      forged({ k: 'messages', i: 'x' }),
      forged({ k: 'conversations', i: 5 }),
      forged([1, 2]),
      forged('users'),
    ];
    const lists = ['/api/admin/users', '/api/admin/services', '/api/admin/reports', '/api/admin/conversations', `/api/admin/conversations/${conversationId}/messages`, '/api/admin/audit-log'];
    for (const url of lists) {
      for (const cursor of cursors) {
        const res = await call(t, 'GET', `${url}?cursor=${encodeURIComponent(cursor)}`, admin.cookie);
        expect(res.statusCode, `${url} ${cursor}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ message: ADMIN_ERRORS.invalidCursor, code: 'validation_failed', errors: { cursor: ADMIN_ERRORS.invalidCursor } });
      }
      if (url !== '/api/admin/users') {
        const res = await call(t, 'GET', `${url}?cursor=${otherListCursor}`, admin.cookie);
        expect(res.statusCode, `${url} with a users cursor`).toBe(400);
      }
    }
    // Well-formed but far away: an empty page, not an error.
    const farPast = forged({ k: 'users', t: '1970-01-01T00:00:00.000000Z', i: 'a' });
    expect(await ok(call(t, 'GET', `/api/admin/users?cursor=${farPast}`, admin.cookie))).toMatchObject({ users: [], nextCursor: null });

    const invalidJson = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${reportId}/status`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: '{"status":',
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().message).toEqual(expect.any(String));
  });

  it('answers 404 with the contract message for unknown users, listings, reports and conversations', async () => {
    const cases: Array<[Method, string, string, object?]> = [
      ['POST', '/api/admin/users/no-such-user/ban', ADMIN_ERRORS.userNotFound],
      ['POST', '/api/admin/users/no-such-user/unban', ADMIN_ERRORS.userNotFound],
      ['DELETE', '/api/admin/services/2000000000', ADMIN_ERRORS.serviceNotFound],
      ['PATCH', '/api/admin/reports/2000000000/status', ADMIN_ERRORS.reportNotFound, { status: 'dismissed' }],
      ['GET', '/api/admin/conversations/2000000000/messages', ADMIN_ERRORS.conversationNotFound],
    ];
    for (const [method, url, message, payload] of cases) {
      const res = await call(t, method, url, admin.cookie, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message, code: 'not_found' });
    }
  });
});
