// engines: one
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '#shared/admin.js';
import type { HealthWarnings } from '#shared/health-warnings.js';
import { HEALTH_WARNINGS } from '#shared/safe-defaults.js';
import { call, ok } from '#test/helpers/admin.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { DEMO_EMAIL_DOMAIN, hasRealMembers } from '../../demo/addresses.js';
import { createAuthRepository } from '../accounts/index.js';
import { healthWarnings } from './health-warnings.js';

const URL = '/api/admin/health-warnings';

describe('configuration warnings (decision 024)', () => {
  it('warns in production only: no SMTP_URL, and a generated SESSION_SECRET with DATABASE_URL', () => {
    const db = 'postgres://app@db.example/marketplace';
    const secret = 'x'.repeat(40);
    expect(healthWarnings({ NODE_ENV: 'production', SMTP_URL: undefined, SESSION_SECRET: undefined, DATABASE_URL: db })).toEqual([
      HEALTH_WARNINGS.noSmtp,
      HEALTH_WARNINGS.generatedSecret,
    ]);
    expect(healthWarnings({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25', SESSION_SECRET: undefined, DATABASE_URL: db })).toEqual([
      HEALTH_WARNINGS.generatedSecret,
    ]);
    // One process on the embedded database keeps its generated secret in DATA_DIR: nothing to warn about.
    expect(healthWarnings({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25', SESSION_SECRET: undefined, DATABASE_URL: undefined })).toEqual([]);
    expect(healthWarnings({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25', SESSION_SECRET: secret, DATABASE_URL: db })).toEqual([]);
    expect(healthWarnings({ NODE_ENV: 'development', SMTP_URL: undefined, SESSION_SECRET: undefined, DATABASE_URL: db })).toEqual([]);
  });
});

describe('GET /api/admin/health-warnings', () => {
  let t: TestApp;
  let admin: SignedUp;
  let member: SignedUp;
  let banned: SignedUp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    [admin, member, banned] = await Promise.all([signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL), signUp(t.app), signUp(t.app)]);
    await ok(call(t, 'POST', `/api/admin/users/${banned.user.id}/ban`, admin.cookie));
  });
  afterAll(() => t.close());

  it('answers the administrator only: 401 signed out, 403 to a member, refused to a banned member', async () => {
    const anonymous = await call(t, 'GET', URL);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String), code: 'unauthenticated' });
    const asMember = await call(t, 'GET', URL, member.cookie);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ message: ADMIN_ERRORS.forbidden, code: 'forbidden' });
    const asBanned = await call(t, 'GET', URL, banned.cookie);
    expect([401, 403]).toContain(asBanned.statusCode);
    expect(asBanned.json()).not.toHaveProperty('warnings');

    const answer = await call(t, 'GET', URL, admin.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    // The test app runs in production without SMTP_URL.
    expect(answer.json<HealthWarnings>()).toEqual({ warnings: [HEALTH_WARNINGS.noSmtp] });
  });

  it('is empty when the server is configured for real use', async () => {
    const configured = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const boss = await signUpAdministrator(configured.app, configured.database.db, ADMIN_EMAIL);
      expect(await ok<HealthWarnings>(call(configured, 'GET', URL, boss.cookie))).toEqual({ warnings: [] });
    } finally {
      await configured.close();
    }
  });
});

describe('real members beside the demo neighbours', () => {
  it('counts every account outside the demo domain, deleted ones included', async () => {
    const t = await createTestApp();
    try {
      const repo = createAuthRepository(t.database.db);
      expect(await hasRealMembers(t.database.db)).toBe(false);
      await repo.insertUser({ id: randomUUID(), email: `Someone@${DEMO_EMAIL_DOMAIN.toUpperCase()}`, username: 'demo1', termsAccepted: true });
      expect(await hasRealMembers(t.database.db)).toBe(false);
      const deleted = await repo.insertUser({ id: randomUUID(), email: null, username: 'gone1', termsAccepted: true });
      expect(await hasRealMembers(t.database.db)).toBe(true);
      await repo.updateUser(deleted.id, { email: 'real@example.test' });
      expect(await hasRealMembers(t.database.db)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
