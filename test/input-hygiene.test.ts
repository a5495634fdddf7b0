// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../src/shared/input.js';
import { MESSAGES } from '../src/shared/texts.js';
import type { Service } from '../src/shared/services.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from './helpers/app.js';
import { markEmailVerified, PASSWORD, randomIp, signUp, uniqueEmail, type SignedUp } from './helpers/factories.js';
import { createListing, offerPayload } from './helpers/listings.js';

/** "Bad input never gets a 5xx" (decision 019): NUL characters, strict ids, plain-English messages. */
let t: TestApp;
let member: SignedUp;
let owner: SignedUp;
let admin: SignedUp;
let listing: Service;
let conversationId: number;
const NUL = INPUT_MESSAGES.nul;

beforeAll(async () => {
  t = await createTestApp();
  member = await signUp(t.app);
  owner = await signUp(t.app);
  admin = await signUp(t.app, { email: ADMIN_EMAIL });
  await markEmailVerified(t.database.db, admin.user.id);
  listing = await createListing(t, owner.cookie);
  const started = await send('POST', '/api/conversations', member, { serviceId: listing.id, message: 'Is Saturday fine?' });
  expect(started.statusCode, started.body).toBe(201);
  conversationId = started.json<{ id: number }>().id;
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: SignedUp, payload?: object) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, remoteAddress: randomIp(), ...(payload && { payload }) });
}

async function expectRefused(res: Awaited<ReturnType<typeof send>>, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
}

const count = async (url: string, who: SignedUp) => (await send('GET', url, who)).json<unknown[]>().length;

describe('a NUL character', () => {
  it.each([
    ['/api/services?categoryId=%00', 'categoryId'],
    ['/api/services?categoryId=1%00', 'categoryId'],
    ['/api/services?search=maths%00', 'search'],
    ['/api/services?cursor=%00', 'cursor'],
    ['/api/images/%00', 'id'],
    ['/api/images/%00/card', 'id'],
  ])('in %s answers 400, not 500', async (url, field) => {
    await expectRefused(await send('GET', url), field, NUL);
  });

  it.each(['title', 'description', 'city', 'state', 'zipCode'])('in a new listing’s %s is refused and nothing is stored', async (field) => {
    const before = await count('/api/my-services', member);
    const payload = await offerPayload(t, { [field]: `${String((await offerPayload(t))[field as 'title'])}\u0000` });
    await expectRefused(await send('POST', '/api/services', member, payload), field, NUL);
    expect(await count('/api/my-services', member)).toBe(before);
  });

  it('in an edited listing is refused and the listing is unchanged', async () => {
    const res = await send('PUT', `/api/services/${listing.id}`, owner, await offerPayload(t, { title: 'New\u0000title' }));
    await expectRefused(res, 'title', NUL);
    expect((await send('GET', `/api/services/${listing.id}`)).json<Service>().title).toBe(listing.title);
  });

  it('in a message, a contact subject or a conversation’s first message is refused and nothing is stored', async () => {
    const conversations = await count('/api/conversations', member);
    await expectRefused(await send('POST', '/api/conversations', member, { serviceId: listing.id, message: 'Hi\u0000' }), 'message', NUL);
    await expectRefused(await send('POST', '/api/conversations', member, { subject: 'Help\u0000', message: 'Hello team' }), 'subject', NUL);
    expect(await count('/api/conversations', member)).toBe(conversations);

    const page = () => send('GET', `/api/conversations/${conversationId}/messages`, member).then((r) => r.json<{ messages: unknown[] }>().messages.length);
    const messages = await page();
    await expectRefused(await send('POST', `/api/conversations/${conversationId}/messages`, member, { content: 'See you\u0000' }), 'content', NUL);
    expect(await page()).toBe(messages);
  });

  it('in a report description is refused and no report is stored', async () => {
    const reporter = await signUp(t.app);
    await expectRefused(await send('POST', `/api/services/${listing.id}/report`, reporter, { reason: 'spam', description: 'Spam\u0000' }), 'description', NUL);
    // A stored report would make this one 'already reported' (409).
    expect((await send('POST', `/api/services/${listing.id}/report`, reporter, { reason: 'spam', description: 'Spam' })).statusCode).toBe(201);
  });

  it('in a review comment is refused before anything is looked up', async () => {
    const res = await send('POST', `/api/services/${listing.id}/reviews`, member, { rating: 5, reviewText: 'Great\u0000', serviceCompletionId: 1 });
    await expectRefused(res, 'reviewText', NUL);
  });

  it('in a username, an email, a password or a name on the account pages is refused and the account is unchanged', async () => {
    await expectRefused(await send('PATCH', '/api/auth/username', member, { username: 'new\u0000name' }), 'username', NUL);
    expect((await send('GET', '/api/auth/user', member)).json<{ username: string }>().username).toBe(member.user.username);
    await expectRefused(await send('POST', '/api/auth/change-email', member, { newEmail: `a\u0000${uniqueEmail()}`, currentPassword: PASSWORD }), 'newEmail', NUL);
    await expectRefused(await send('POST', '/api/auth/forgot-password', undefined, { email: `\u0000${uniqueEmail()}` }), 'email', NUL);
    await expectRefused(await send('POST', '/api/auth/login', undefined, { email: member.email, password: `${PASSWORD}\u0000` }), 'password', NUL);
  });

  it('at sign-up is refused and the address stays free', async () => {
    const email = uniqueEmail();
    await expectRefused(await send('POST', '/api/auth/register', undefined, { email: `${email}\u0000`, password: PASSWORD }), 'email', NUL);
    await expectRefused(await send('POST', '/api/auth/register', undefined, { email, password: PASSWORD, username: 'fz\u0000x' }), 'username', NUL);
    await expectRefused(await send('POST', '/api/auth/register', undefined, { email, password: `${PASSWORD}\u0000` }), 'password', NUL);
    expect((await send('POST', '/api/auth/register', undefined, { email, password: PASSWORD })).statusCode).toBe(201);
  });

  it('in an administrator’s path or cursor answers 400', async () => {
    await expectRefused(await send('POST', '/api/admin/users/%00/ban', admin), 'id', NUL);
    await expectRefused(await send('GET', '/api/admin/users?cursor=%00', admin), 'cursor', NUL);
  });
});

describe('a serial id', () => {
  it.each(['abc', '%00', '1%00', '1e3', '0x10', '%207', '1.5', '0', '-1', '2147483648', '99999999999'])('%s in a path answers 400 Invalid id', async (id) => {
    await expectRefused(await send('GET', `/api/services/${id}`), 'id', 'Invalid id');
    await expectRefused(await send('GET', `/api/services/${id}/reviews`), 'serviceId', 'Invalid id');
    await expectRefused(await send('GET', `/api/categories/${id}/service-types`), 'categoryId', 'Invalid id');
    await expectRefused(await send('POST', `/api/services/${id}/like`, member), 'id', 'Invalid id');
  });

  it('in range but unknown answers 404', async () => {
    expect((await send('GET', '/api/services/2147483647')).statusCode).toBe(404);
  });

  it.each([['1e3'], [99_999_999_999], [1.5], [' 7'], [null]])('%j in a body answers 400 with the field’s message', async (id) => {
    await expectRefused(await send('POST', '/api/conversations', member, { serviceId: id, message: 'Hello' }), 'serviceId', 'Invalid id');
    await expectRefused(await send('POST', `/api/services/${listing.id}/complete`, member, { conversationId: id }), 'conversationId', 'Invalid id');
    const payload = await offerPayload(t, { categoryId: id });
    await expectRefused(await send('POST', '/api/services', member, payload), 'categoryId', 'Please select a category');
  });

  it('still takes digits sent as text', async () => {
    const res = await send('POST', '/api/conversations', member, { serviceId: String(listing.id), message: 'Another question' });
    expect([200, 201], res.body).toContain(res.statusCode);
  });
});

describe('a multipart body cut short', () => {
  it.each(['/api/images', '/api/auth/avatar'])('to %s answers 400, not 500', async (url) => {
    const payload = Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG');
    const res = await t.app.inject({
      method: url === '/api/images' ? 'POST' : 'PUT',
      url,
      headers: { cookie: member.cookie, 'content-type': 'multipart/form-data; boundary=cut' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('a forged cursor', () => {
  const forged = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const T = '2025-01-01T10:00:00.000000Z';
  it.each([
    `/api/admin/users?cursor=${forged({ k: 'users', t: T, i: 'a\u0000' })}`,
    `/api/admin/services?cursor=${forged({ k: 'services', t: T, i: 2 ** 40 })}`,
    `/api/admin/reports?cursor=${forged({ k: 'reports', t: T, i: 2 ** 31 })}`,
    `/api/admin/conversations?cursor=${forged({ k: 'conversations', t: T, i: 2 ** 40 })}`,
    `/api/services?cursor=${forged({ k: 't', c: '\u0000', i: 1 })}`,
    `/api/services?cursor=${forged({ k: 't', c: 'nonsense', i: 1 })}`,
    `/api/services?cursor=${forged({ k: 't', c: '2025-02-31 10:00:00+00', i: 1 })}`,
    `/api/services?cursor=${forged({ k: 't', c: '2025-01-01 10:00:00.123456+00', i: 2 ** 40 })}`,
    `/api/services?search=maths&sort=relevance&cursor=${forged({ k: 'r', p: 'a', c: 'x', i: 1 })}`,
  ])('%s answers 400 Invalid cursor, not 500', async (url) => {
    await expectRefused(await send('GET', url, admin), 'cursor', 'Invalid cursor');
  });

  it('still reads a real one, with or without a fraction of a second', async () => {
    for (const c of ['2025-01-01 10:00:00.123456+00', '2025-01-01 10:00:00+00', '2025-01-01 10:00:00.5+05:30']) {
      expect((await send('GET', `/api/services?cursor=${forged({ k: 't', c, i: 1 })}`)).statusCode).toBe(200);
    }
  });
});

describe('validation messages', () => {
  it.each([
    ['GET', `/api/services/1/reviews?limit=abc`, undefined, 'limit', 'Must be a number'],
    ['GET', `/api/services?limit=1.5`, undefined, 'limit', 'Must be a whole number'],
    ['GET', `/api/services?limit=0`, undefined, 'limit', 'Must be at least 1'],
    ['PATCH', '/api/auth/email-notifications', {}, 'emailNotificationsEnabled', 'This field is required'],
    ['PATCH', '/api/auth/email-notifications', { emailNotificationsEnabled: 'yes' }, 'emailNotificationsEnabled', 'Must be true or false'],
    ['POST', '/api/services', { listingType: 'gift' }, 'listingType', "Must be one of 'offer', 'request'"],
    ['PATCH', `/api/admin/reports/1/status`, { status: 'closed' }, 'status', "Must be one of 'reviewed', 'dismissed'"],
  ] as const)('%s %s %j answers in plain English', async (method, url, payload, field, message) => {
    const who = url.startsWith('/api/admin') ? admin : member;
    await expectRefused(await send(method, url, who, payload), field, message);
  });

  it('names a body that is not an object', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '[1]' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request must be a JSON object');
  });
});

describe('a malformed or overlong path', () => {
  it.each([
    ['/api/services/%E0%A4%A', 400, MESSAGES.badUrl, 'bad_request'],
    ['/api/%E0%A4%A', 400, MESSAGES.badUrl, 'bad_request'],
    [`/api/services/${'7'.repeat(200)}`, 414, MESSAGES.tooLarge, 'payload_too_large'],
  ])('%s answers %i in the usual shape, without the address echoed back', async (url, status, message, code) => {
    const res = await send('GET', url);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message, code });
  });
});

describe('a body whose fields are all optional', () => {
  /** The three ways of saying nothing, each sent when called: no body at all, an empty body sent as JSON, and `{}`. */
  const nothing = (method: 'POST', url: string, who: SignedUp) => [
    () => t.app.inject({ method, url, headers: { cookie: who.cookie }, remoteAddress: randomIp() }),
    () => t.app.inject({ method, url, headers: { cookie: who.cookie, 'content-type': 'application/json' }, payload: '', remoteAddress: randomIp() }),
    () => t.app.inject({ method, url, headers: { cookie: who.cookie }, payload: {}, remoteAddress: randomIp() }),
  ];

  it('is the same whether it is missing, empty or {}: two-step setup answers a secret each time', async () => {
    const someone = await signUp(t.app);
    for (const request of nothing('POST', '/api/auth/totp/setup', someone)) {
      const res = await request();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toHaveProperty('secret');
    }
  });

  it('the same for a passkey challenge, and for a ban, whose reason is optional', async () => {
    const someone = await signUp(t.app);
    for (const request of nothing('POST', '/api/auth/passkeys/registration-options', someone)) {
      const res = await request();
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [index, request] of nothing('POST', `/api/admin/users/${someone.user.id}/ban`, admin).entries()) {
      const res = await request();
      expect(res.statusCode, res.body).toBe(200);
      expect((await send('POST', `/api/admin/users/${someone.user.id}/unban`, admin)).statusCode, `unban after ${index}`).toBe(200);
    }
  });

  it('a route that needs fields still refuses an empty body with 400 JSON, and bad JSON stays refused', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '', remoteAddress: randomIp() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed' });
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{', remoteAddress: randomIp() });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'invalid_json' });
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: { cookie: member.cookie, 'content-type': 'application/json' }, payload: '{"__proto__": {"admin": true}}', remoteAddress: randomIp() });
    expect(poisoned.statusCode).toBe(400);
  });
});
