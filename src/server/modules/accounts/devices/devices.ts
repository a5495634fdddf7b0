import Bowser from 'bowser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWO_STEP_TEXTS, type SignInMethod } from '#shared/two-step.js';
import type { Db } from '#server/db/client.js';
import { hashToken, newToken } from '#server/lib/secret-tokens.js';
import { transaction } from '#server/lib/transaction.js';
import { type Email, layoutEmail, type Outbox } from '../../mail/index.js';
import { hostCookieName, hostCookieOptions } from '../identity/cookies.js';
import { createDevicesRepository } from './repository.js';

/**
 * Known browsers and the new-device email (decision 054). Each browser carries a long-lived, random, HttpOnly device
 * cookie, made and stored like every secret token (lib/secret-tokens.ts): only its hash is kept, per account, in
 * `known_devices`. A sign-in from a browser whose cookie is missing or unknown to that account tells the member by
 * email ('New sign-in to your account'), through the outbox and only to a verified address, then records the browser.
 * Sign-up records its browser without an email. Each sign-in renews the cookie for another 400 days; a browser the
 * account has not seen for that long has lost it, and is forgotten at the account's next sign-in (so the table holds
 * what the account's browsers can still present).
 */

export const DEVICE_COOKIE = 'csm_device';
/** Browsers cap a cookie's life at 400 days. */
const DEVICE_COOKIE_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The sessions page the email links to (the web app's `paths.profile`, its #sessions section). */
export const SESSIONS_PAGE_PATH = '/profile#sessions';

/** 32 random bytes, base64url (`newToken`): anything else in the cookie is not ours. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What the sessions list and the email say of a browser, from its User-Agent (bowser); null when it says nothing. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  try {
    const parsed = Bowser.parse(userAgent);
    const major = parsed.browser.version?.split('.')[0];
    const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null;
    const os = parsed.os;
    const system = os.name ? `${os.name}${os.versionName ? ` ${os.versionName}` : os.version && /^[\d.]+$/.test(os.version) ? ` ${os.version}` : ''}` : null;
    return { browser, system };
  } catch {
    return { browser: null, system: null };
  }
}

const when = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;

/** 'New sign-in to your account': when, which browser on which system, and where to end the session. */
export function newSignInEmail(input: { to: string; username: string | null; at: Date; userAgent: string | null; publicUrl: string }): Email {
  const { browser, system } = describeUserAgent(input.userAgent);
  const what = browser && system ? `${browser} on ${system}` : (browser ?? system ?? 'an unknown browser');
  const account = input.username ? ` (${input.username})` : '';
  return layoutEmail('new-sign-in', input.to, TWO_STEP_TEXTS.newSignInSubject, {
    intro: `Your account${account} was signed in to on ${when(input.at)} from ${what}, a browser it was not signed in from before.`,
    link: { href: `${input.publicUrl.replace(/\/+$/, '')}${SESSIONS_PAGE_PATH}`, label: 'See where you are signed in' },
    footer:
      'If this was you, there is nothing to do. If it was not, open the link, sign that session out and change your password right away; turning on two-step sign-in keeps a stolen password from being enough.',
  });
}

export interface DeviceTrackerDeps {
  db: Db;
  mail: Outbox;
  /** config.PUBLIC_URL: the cookie's name (https) and the email's link. */
  publicUrl: string;
}

export function createDeviceTracker(deps: DeviceTrackerDeps) {
  const { db, mail, publicUrl } = deps;
  const cookieName = hostCookieName(DEVICE_COOKIE, publicUrl);

  return {
    /**
     * After a sign-in has started its session: makes sure the browser has a device cookie, and unless the
     * account knows it (or this is the sign-up itself) emails the member, then records it.
     */
    async signedIn(request: FastifyRequest, reply: FastifyReply, input: { userId: string; method: SignInMethod; userAgent: string | null }): Promise<void> {
      const presented = request.cookies[cookieName];
      const { token, hash: deviceHash } = presented && DEVICE_TOKEN.test(presented) ? { token: presented, hash: hashToken(presented) } : newToken();
      const now = new Date();
      await transaction(db, async (tx) => {
        const repo = createDevicesRepository(tx);
        await repo.forgetUnseenSince(input.userId, new Date(now.getTime() - DEVICE_COOKIE_DAYS * DAY_MS));
        if (await repo.touch(input.userId, deviceHash, now)) return;
        const recorded = await repo.record(input.userId, deviceHash, now);
        // A parallel sign-in from the same browser recorded it first: one email is enough.
        if (!recorded || input.method === 'sign_up') return;
        const user = await repo.recipientOf(input.userId);
        if (!user?.email || !user.verified || user.deletedAt) return;
        await mail.enqueue(tx, newSignInEmail({ to: user.email, username: user.username, at: now, userAgent: input.userAgent, publicUrl }));
      });
      reply.setCookie(cookieName, token, { ...hostCookieOptions(publicUrl), maxAge: (DEVICE_COOKIE_DAYS * DAY_MS) / 1000 });
    },
  };
}

export type DeviceTracker = ReturnType<typeof createDeviceTracker>;
