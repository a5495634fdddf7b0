// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'PATCH', url, payload, headers: cookie ? { cookie } : {} });

describe('username', () => {
  it.each([
    ['ab', 'Username must be at least 3 characters long'],
    ['a'.repeat(21), 'Username must be at most 20 characters long'],
    ['bad name', 'Username can only contain letters, numbers, and underscores'],
    ['dash-ed', 'Username can only contain letters, numbers, and underscores'],
  ])('refuses %j with the spec message', async (username, message) => {
    const { cookie, user } = await signUp(t.app);
    const res = await patch('/api/auth/username', { username }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'validation_failed', errors: { username: message } });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().username).toBe(user.username);
  });

  it('changes it, trimmed, and answers the updated user', async () => {
    const { cookie } = await signUp(t.app);
    const name = `New_${Date.now().toString(36)}`;
    const res = await patch('/api/auth/username', { username: `  ${name} ` }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(name);
  });

  it('lets a person change only the case of their own name', async () => {
    const name = `Case_${Date.now().toString(36)}`;
    const { cookie } = await signUp(t.app, { username: name });
    const res = await patch('/api/auth/username', { username: name.toUpperCase() }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(name.toUpperCase());
  });

  it("refuses another person's name, whatever its case", async () => {
    const name = `Mine_${Date.now().toString(36)}`;
    await signUp(t.app, { username: name });
    const { cookie } = await signUp(t.app);
    const res = await patch('/api/auth/username', { username: name.toLowerCase() }, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username is already taken');
  });

  it('needs a signed-in person', async () => {
    const res = await patch('/api/auth/username', { username: 'whoever' });
    expect(res.statusCode).toBe(401);
  });
});

describe('email notifications', () => {
  it('default to on and can be switched off and on', async () => {
    const { cookie, user } = await signUp(t.app);
    expect(user.emailNotificationsEnabled).toBe(true);
    const off = await patch('/api/auth/email-notifications', { emailNotificationsEnabled: false }, cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json().emailNotificationsEnabled).toBe(false);
    const on = await patch('/api/auth/email-notifications', { emailNotificationsEnabled: true }, cookie);
    expect(on.json().emailNotificationsEnabled).toBe(true);
  });

  it('refuses a value that is not a boolean', async () => {
    const { cookie } = await signUp(t.app);
    const res = await patch('/api/auth/email-notifications', { emailNotificationsEnabled: 'yes' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('emailNotificationsEnabled');
  });
});

describe('terms gate', () => {
  it('holds back every change until the terms are accepted', async () => {
    const { cookie, user } = await signUp(t.app, { acceptTerms: false });
    expect(user.termsAccepted).toBe(false);
    for (const [url, payload] of [
      ['/api/auth/username', { username: 'gated_user' }],
      ['/api/auth/email-notifications', { emailNotificationsEnabled: false }],
    ] as const) {
      const res = await patch(url, payload, cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'Please accept the terms of service to continue', code: 'terms_not_accepted' });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ username: user.username, emailNotificationsEnabled: true });
  });

  it('still lets the person read, accept the terms and sign out', async () => {
    const { cookie } = await signUp(t.app, { acceptTerms: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/categories', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/seed-initial-data', headers: { cookie } })).statusCode).toBe(200);
    const accepted = await patch('/api/auth/terms-acceptance', { termsAccepted: true }, cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().termsAccepted).toBe(true);
    expect((await patch('/api/auth/username', { username: `free_${Date.now().toString(36)}` }, cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(302);
  });

  it('accepts only an explicit true', async () => {
    const { cookie } = await signUp(t.app, { acceptTerms: false });
    for (const payload of [{ termsAccepted: false }, {}, { termsAccepted: 'true' }]) {
      const res = await patch('/api/auth/terms-acceptance', payload, cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('You must accept the terms and conditions to continue.');
    }
  });
});
