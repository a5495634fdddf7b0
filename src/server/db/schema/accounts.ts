import { sql, sql as rawSql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Accounts (modules/accounts): people, their sessions, OpenID identities and emailed links. */

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    username: text('username'),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    isBanned: boolean('is_banned').notNull().default(false),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    /** Set when the person opened the link sent to `email` (or the OpenID Connect provider vouched for it). */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The new address of an email change, until the link sent there is opened (decision 014). */
    pendingEmail: text('pending_email'),
    /** The ZIP code browse starts near (issue 19), chosen on the profile; a ZIP centre is all that is ever used of it. */
    homeZip: text('home_zip'),
    /** Set when the person deleted their account: the row stays as a tombstone with every personal field empty. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // The administrator's user list: newest first, keyset-paginated on (created_at, id).
    index('users_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The ID token of a sign-in through OpenID Connect: the hint sign-out sends to the provider's end-session endpoint. */
    oidcIdToken: text('oidc_id_token'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** A person's account at an OpenID Connect provider: `sub` is stable per issuer, the email is not. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_identities_issuer_subject_key').on(t.issuer, t.subject), index('oidc_identities_user_id_idx').on(t.userId)],
);

/** Emailed single-use links (decision 014): only the SHA-256 of the token is kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'change_email', 'reset_password'] }).notNull(),
    /** The address the link was sent to: the account's own, or the new one of an email change. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('account_tokens_purpose_check', rawSql`${t.purpose} in ('verify_email', 'change_email', 'reset_password')`),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);
