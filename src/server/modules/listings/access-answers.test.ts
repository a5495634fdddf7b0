// engines: one
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { services, users } from '../../db/schema.js';

/**
 * What each action answers for a listing in each state under the one access policy (access.ts, decision 038): the
 * statuses the modules answered before it existed, pinned, so the policy's mapping can never drift per caller.
 */
let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  owner = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

const STATES = {
  visible: {},
  deleted: { deletedAt: new Date() },
  paused: { isActive: false },
  'paused and deleted': { isActive: false, deletedAt: new Date() },
  'owner banned': { ownerBanned: true },
  'owner banned, deleted': { ownerBanned: true, deletedAt: new Date() },
  // An expired listing is hidden as a paused one is (decision 051).
  expired: { expired: true },
  'expired and deleted': { expired: true, deletedAt: new Date() },
} as const;

/** A listing of `owner` in `state`; a banned owner is a new person each time, banned as the administrator bans. */
async function listingIn(state: keyof typeof STATES): Promise<number> {
  const values: Partial<typeof services.$inferInsert> = STATES[state];
  const banned = values.ownerBanned === true;
  const author = banned ? await signUp(t.app) : owner;
  const { id } = await createListing(t, author.cookie);
  if (Object.keys(values).length > 0) await t.database.db.update(services).set(values).where(eq(services.id, id));
  if (banned) await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, author.user.id));
  return id;
}

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const ACTIONS = {
  view: (id: number, who: SignedUp) => send('GET', `/api/services/${id}`, who.cookie),
  like: (id: number, who: SignedUp) => send('POST', `/api/services/${id}/like`, who.cookie),
  report: (id: number, who: SignedUp) => send('POST', `/api/services/${id}/report`, who.cookie, { reason: 'spam', description: 'Looks like an advert.' }),
  message: (id: number, who: SignedUp) => send('POST', '/api/conversations', who.cookie, { serviceId: id, message: 'Hello, is this still on?', sendCopyToSender: false }),
  reviews: (id: number, who: SignedUp) => send('GET', `/api/services/${id}/reviews`, who.cookie),
};

describe('another member acting on a listing', () => {
  it.each([
    ['visible', { view: 200, like: 200, report: 201, message: 201, reviews: 200 }],
    ['deleted', { view: 404, like: 409, report: 409, message: 409, reviews: 200 }],
    ['paused', { view: 404, like: 404, report: 404, message: 404, reviews: 200 }],
    ['paused and deleted', { view: 404, like: 404, report: 404, message: 409, reviews: 200 }],
    ['owner banned', { view: 404, like: 404, report: 404, message: 403, reviews: 200 }],
    ['owner banned, deleted', { view: 404, like: 404, report: 404, message: 409, reviews: 200 }],
    ['expired', { view: 404, like: 404, report: 404, message: 404, reviews: 200 }],
    ['expired and deleted', { view: 404, like: 404, report: 404, message: 409, reviews: 200 }],
  ] as const)('%s', async (state, expected) => {
    const answers: Record<string, number> = {};
    for (const [name, act] of Object.entries(ACTIONS)) answers[name] = (await act(await listingIn(state), other)).statusCode;
    expect(answers).toEqual(expected);
  });
});

describe('the owner acting on their own listing', () => {
  it.each([
    ['visible', { view: 200, like: 200, report: 400, message: 400, reviews: 200 }],
    ['deleted', { view: 200, like: 409, report: 400, message: 400, reviews: 200 }],
    ['paused', { view: 200, like: 200, report: 400, message: 400, reviews: 200 }],
    ['paused and deleted', { view: 200, like: 409, report: 400, message: 400, reviews: 200 }],
    ['expired', { view: 200, like: 200, report: 400, message: 400, reviews: 200 }],
    ['expired and deleted', { view: 200, like: 409, report: 400, message: 400, reviews: 200 }],
  ] as const)('%s', async (state, expected) => {
    const answers: Record<string, number> = {};
    for (const [name, act] of Object.entries(ACTIONS)) answers[name] = (await act(await listingIn(state), owner)).statusCode;
    expect(answers).toEqual(expected);
  });
});

it('answers 404 for a listing that does not exist, whatever the action', async () => {
  for (const [name, act] of Object.entries(ACTIONS)) expect((await act(2_000_000_000, other)).statusCode, name).toBe(404);
});
