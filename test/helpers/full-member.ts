import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Conversation, MessagePage } from '#shared/messaging.js';
import type { Completion } from '#shared/reviews.js';
import type { Service, UploadedImage } from '#shared/services.js';
import { appeals, bans, oidcIdentities, outbox } from '#server/db/schema.js';
import { solidPng } from '../support/images.js';
import { uploadFile } from '../support/multipart.js';
import { SoftwareAuthenticator } from '../support/webauthn.js';
import { call } from './admin.js';
import type { TestApp } from './app.js';
import { markEmailVerified, randomIp, sessionCookieFrom, signUp, type SignedUp, uniqueEmail } from './factories.js';
import { createListing } from './listings.js';
import { enableTwoStep } from './two-step.js';

/**
 * A member who has done everything the marketplace keeps data about (the registry of personal data, decision 062),
 * and the neighbours around them, each with data of their own that must never reach the member's archive. The app's
 * PUBLIC_URL must be `origin` (the passkeys' ceremonies are bound to it).
 */
export interface FullMember {
  me: SignedUp;
  /** Another session of the member's, signed in before two-step sign-in was turned on. */
  secondCookie: string;
  neighbour: SignedUp;
  customer: SignedUp;
  stranger: SignedUp;
  blocker: SignedUp;
  mine: Service;
  /** The member's listing whose title is markup, to prove the archive's page escapes it. */
  markup: Service;
  photo: UploadedImage;
  unattached: UploadedImage;
  avatarUrl: string;
  theirs: Service;
  chat: Conversation;
  inquiry: Conversation;
  pendingEmail: string;
  /** Credential ids of the member's passkey and of the neighbour's. */
  myCredentialId: string;
  neighbourCredentialId: string;
  oidcSubject: string;
}

export const MARKUP_TITLE = '<script>window.pwned = 1</script> Piano help';
export const BAN_REASON = 'Asked neighbours to pay up front.';
export const APPEAL_NOTE = 'Thank you for making it right.';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const send = (t: TestApp, method: Method, url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: randomIp(), headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

async function sent<T>(res: Promise<{ statusCode: number; body: string; json: <J>() => J }>, status = 201): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  return (answer.body ? answer.json<T>() : undefined) as T;
}

async function upload(t: TestApp, cookie: string, colour: string): Promise<UploadedImage> {
  return sent<UploadedImage>(uploadFile(t.app, await solidPng(300, 200, colour), { url: '/api/images', cookie }));
}

async function addPasskey(t: TestApp, cookie: string, origin: string, name: string): Promise<string> {
  const device = new SoftwareAuthenticator({ origin });
  const options = await sent<Parameters<SoftwareAuthenticator['create']>[0]>(send(t, 'POST', '/api/auth/passkeys/registration-options', cookie, {}), 200);
  const response = device.create(options);
  await sent(send(t, 'POST', '/api/auth/passkeys', cookie, { response, name }));
  return response.id;
}

async function login(t: TestApp, who: SignedUp): Promise<string> {
  const res = await send(t, 'POST', '/api/auth/login', undefined, { email: who.email, password: who.password });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}

/** Suspends `me` with a reason, appeals through the emailed link, and lifts it: the member signs in again. */
async function suspendedAndForgiven(t: TestApp, admin: SignedUp, me: SignedUp): Promise<string> {
  await sent(send(t, 'POST', `/api/admin/users/${me.user.id}/ban`, admin.cookie, { reason: BAN_REASON }), 200);
  const [email] = await t.database.db.select({ text: outbox.text }).from(outbox).where(and(eq(outbox.toAddress, me.email), eq(outbox.kind, 'account-suspended')));
  const token = /\/appeal\?token=([\w-]{43})/.exec(email!.text)![1]!;
  await sent(send(t, 'POST', '/api/appeals', undefined, { token, message: 'I refunded everyone; it will not happen again.' }));
  const [appeal] = await t.database.db.select({ id: appeals.id }).from(appeals).innerJoin(bans, eq(bans.id, appeals.banId)).where(eq(bans.userId, me.user.id));
  await sent(send(t, 'POST', `/api/admin/appeals/${appeal!.id}/decision`, admin.cookie, { decision: 'lift', note: APPEAL_NOTE }), 200);
  return login(t, me);
}

export async function memberWhoDidEverything(t: TestApp, admin: SignedUp, origin: string): Promise<FullMember> {
  const [first, neighbour, customer, stranger, blocker] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app), signUp(t.app), signUp(t.app)]);
  for (const who of [first, neighbour, customer]) await markEmailVerified(t.database.db, who.user.id);
  const me: SignedUp = { ...first, cookie: await suspendedAndForgiven(t, admin, first) };
  const secondCookie = await login(t, me);

  // The profile: a picture and a home ZIP code.
  const avatar = await uploadFile(t.app, await solidPng(200, 200, '#224488'), { method: 'PUT', url: '/api/auth/avatar', cookie: me.cookie, fileName: 'me.png' });
  expect(avatar.statusCode, avatar.body).toBe(200);
  const avatarUrl = avatar.json<{ profileImageUrl: string }>().profileImageUrl;
  await sent(send(t, 'PATCH', '/api/auth/home-zip', me.cookie, { zipCode: '07042' }), 200);

  // Listings with a photo, a title that is markup, an upload no listing took.
  const photo = await upload(t, me.cookie, '#884422');
  const mine = await createListing(t, me.cookie, { title: 'Algebra tutoring after school', images: [photo.url] });
  const markup = await createListing(t, me.cookie, { title: MARKUP_TITLE });
  const unattached = await upload(t, me.cookie, '#228844');

  // A neighbour's listing: liked, asked about, done, reviewed both ways.
  const theirs = await createListing(t, neighbour.cookie, { title: 'Dog walking on weekends' });
  const other = await createListing(t, neighbour.cookie, { title: 'Lawn mowing' });
  await sent(send(t, 'POST', `/api/services/${theirs.id}/like`, me.cookie), 200);
  const chat = await sent<Conversation>(send(t, 'POST', '/api/conversations', me.cookie, { serviceId: theirs.id, message: 'Hello! Is Saturday morning free?' }));
  await sent(send(t, 'POST', `/api/conversations/${chat.id}/messages`, neighbour.cookie, { content: 'Yes, 9 am works.' }));
  await sent(send(t, 'POST', `/api/conversations/${chat.id}/messages`, me.cookie, { content: 'See you then!' }));
  const job = await sent<Completion>(send(t, 'POST', `/api/services/${theirs.id}/complete`, neighbour.cookie, { conversationId: chat.id }));
  await sent(send(t, 'POST', `/api/services/${theirs.id}/reviews`, me.cookie, { serviceCompletionId: job.id, rating: 4, reviewText: 'Punctual and kind.' }));
  await sent(send(t, 'POST', `/api/users/${me.user.id}/reviews`, neighbour.cookie, { completionId: job.id, rating: 5, reviewText: 'A pleasure to help.' }));

  // A customer of the member's listing: asked, answered, done, reviewed both ways.
  const inquiry = await sent<Conversation>(send(t, 'POST', '/api/conversations', customer.cookie, { serviceId: mine.id, message: 'Do you teach on Sundays?' }));
  await sent(send(t, 'POST', `/api/conversations/${inquiry.id}/messages`, me.cookie, { content: 'Sometimes, ask me again on Friday.' }));
  const lesson = await sent<Completion>(send(t, 'POST', `/api/services/${mine.id}/complete`, customer.cookie, { conversationId: inquiry.id }));
  await sent(send(t, 'POST', `/api/services/${mine.id}/reviews`, customer.cookie, { serviceCompletionId: lesson.id, rating: 5, reviewText: 'My son finally likes algebra.' }));
  await sent(send(t, 'POST', `/api/users/${customer.user.id}/reviews`, me.cookie, { completionId: lesson.id, rating: 4, reviewText: 'Always on time.' }));

  // Reports of a listing (decided), a member and a message; blocks both ways; a saved search.
  const listingReport = await sent<{ id: number }>(send(t, 'POST', `/api/services/${other.id}/report`, me.cookie, { reason: 'misleading', description: 'The price changed twice.' }));
  await sent(send(t, 'PATCH', `/api/admin/reports/${listingReport.id}/status`, admin.cookie, { status: 'reviewed' }), 200);
  await sent(send(t, 'POST', `/api/users/${stranger.user.id}/report`, me.cookie, { reason: 'spam' }));
  const page = await sent<MessagePage>(call(t, 'GET', `/api/conversations/${chat.id}/messages`, me.cookie), 200);
  const theirMessage = page.messages.find((m) => m.fromUser.username === neighbour.user.username)!;
  await sent(send(t, 'POST', `/api/messages/${theirMessage.id}/report`, me.cookie, { reason: 'harassment' }));
  await sent(send(t, 'POST', `/api/users/${stranger.user.id}/block`, me.cookie), 204);
  await sent(send(t, 'POST', `/api/users/${me.user.id}/block`, blocker.cookie), 204);
  await sent(send(t, 'POST', '/api/saved-searches', me.cookie, { name: 'Piano near home', search: 'piano', near: '07042', radius: 5, frequency: 'daily' }));

  // An email change waiting for its link; an identity at a provider; two-step sign-in; passkeys (the neighbour's too).
  const pendingEmail = uniqueEmail();
  await sent(send(t, 'POST', '/api/auth/change-email', me.cookie, { newEmail: pendingEmail, currentPassword: me.password }), 202);
  const oidcSubject = randomUUID();
  await t.database.db.insert(oidcIdentities).values({ issuer: 'https://id.example.org', subject: oidcSubject, userId: me.user.id });
  await enableTwoStep(t.app, me.cookie);
  const myCredentialId = await addPasskey(t, me.cookie, origin, 'My laptop');
  const neighbourCredentialId = await addPasskey(t, neighbour.cookie, origin, "Neighbour's phone");

  return { me, secondCookie, neighbour, customer, stranger, blocker, mine, markup, photo, unattached, avatarUrl, theirs, chat, inquiry, pendingEmail, myCredentialId, neighbourCredentialId, oidcSubject };
}
