import sharp from 'sharp';
import { expect } from 'vitest';
import { createAuthRepository, createSessionStore } from '../../src/server/modules/accounts/index.js';
import type { User } from '../../src/shared/auth.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../helpers/app.js';
import { markEmailVerified, signUp } from '../helpers/factories.js';
import { createListing, loadCatalogue, manyUsers, offerPayload } from '../helpers/listings.js';
import type { Pools } from './generate.js';
import { collectRoutes, type FuzzRoute } from './harness.js';
import type { Persona } from './requests.js';

export interface World {
  t: TestApp;
  routes: FuzzRoute[];
  lastError: () => unknown;
  pools: Pools;
  personas: Persona[];
  revive: (persona: Persona) => Promise<void>;
  replenish: () => Promise<void>;
}

const idOf = (url: string) => url.split('/')[3]!;

/**
 * The app (per-address budgets scaled far up: thousands of requests come from one test) with a few people and rows
 * to aim at: two members' listings (one with an image), a conversation both wrote in, a report and a completion.
 */
export async function buildWorld(): Promise<World> {
  const { value: t, routes, lastError } = await collectRoutes(() => createTestApp({ RATE_LIMIT_SCALE: '100000' }));
  const member = await signUp(t.app);
  const other = await signUp(t.app);
  const admin = await signUp(t.app, { email: ADMIN_EMAIL });
  await markEmailVerified(t.database.db, admin.user.id);
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin.cookie } });
  expect(me.json<User>().isAdmin, 'the fuzzing administrator').toBe(true);

  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).png().toBuffer();
  const theirs = await createListing(t, other.cookie, { images: [`data:image/png;base64,${png.toString('base64')}`] });
  const mine = await createListing(t, member.cookie);
  const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const conversation = (await post(member.cookie, '/api/conversations', { serviceId: theirs.id, message: 'Is Saturday fine?' })).json<{ id: number }>();
  await post(other.cookie, `/api/conversations/${conversation.id}/messages`, { content: 'Saturday works.' });
  const report = (await post(member.cookie, `/api/services/${theirs.id}/report`, { reason: 'spam' })).json<{ id?: number }>();
  const completion = (await post(member.cookie, `/api/services/${theirs.id}/complete`, { conversationId: conversation.id })).json<{ id?: number }>();

  const catalogue = await loadCatalogue(t);
  const pools: Pools = {
    serialIds: [theirs.id, mine.id, conversation.id, report.id, completion.id, catalogue[0]!.id].filter((id): id is number => typeof id === 'number'),
    categoryPairs: catalogue.map((c) => [c.id, c.serviceTypeIds[0]!]),
    userIds: [member.user.id, other.user.id, admin.user.id],
    imageIds: theirs.images.map(idOf),
  };
  const personas: Persona[] = [
    { kind: 'anonymous' },
    { kind: 'member', cookie: member.cookie, userId: member.user.id },
    { kind: 'admin', cookie: admin.cookie, userId: admin.user.id },
  ];
  const sessions = createSessionStore(createAuthRepository(t.database.db));
  // A member who signed out, was banned or deleted the account is replaced; the administrator signs in again.
  const revive = async (persona: Persona) => {
    if (persona.kind === 'admin') persona.cookie = `csm_session=${t.app.signCookie(await sessions.create(persona.userId!))}`;
    else [persona.cookie] = await manyUsers(t, 1);
  };
  const replenish = async () => {
    const [owner] = await manyUsers(t, 1);
    const listing = await post(owner!, '/api/services', await offerPayload(t));
    if (listing.statusCode !== 201) return;
    const { id } = listing.json<{ id: number }>();
    pools.serialIds.push(id);
    const started = await post(personas[1]!.cookie!, '/api/conversations', { serviceId: id, message: 'Still available?' });
    if (started.statusCode === 201) pools.serialIds.push(started.json<{ id: number }>().id);
  };
  return { t, routes, lastError, pools, personas, revive, replenish };
}
