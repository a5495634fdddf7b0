import { sql, sql as rawSql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';

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
    /** The ZIP code browse starts near (decision 052), chosen on the profile; a ZIP centre is all that is ever used of it. */
    homeZip: text('home_zip'),
    /** Two-step sign-in: the authenticator app's secret, sealed with the server's key (decision 054). */
    totpSecret: text('totp_secret'),
    /** When two-step sign-in was turned on; null while it is off (a secret being set up waits in `totpPendingSecret`). */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** A secret shown by setup and not yet confirmed with a code, sealed like `totpSecret`. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step a code was accepted for: each code signs in once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
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
    /** What the member's sessions list names a session by (decision 054): never the stored id, the hash of the cookie. */
    publicId: text('public_id').notNull().default(sql`gen_random_uuid()::text`),
    /** The browser's User-Agent at sign-in, at most 512 characters: the list shows its browser and system. */
    userAgent: text('user_agent'),
    /** How the session began: 'password', 'second_factor', 'passkey', 'oidc' or 'sign_up'. */
    signInMethod: text('sign_in_method'),
    /**
     * Whether the session began with a second factor (decision 061): a password and then a code, or a passkey that
     * verified the person. What REQUIRE_ADMIN_2FA asks of an administrator's session, not merely of the account.
     */
    secondFactor: boolean('second_factor').notNull().default(false),
    /**
     * When the member last proved themselves again in this session (the password or a passkey, decision 061): a recent
     * sign-in counts from the later of this and `createdAt`.
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    /**
     * Until when this session may enrol an administrator's second factor (decision 061): set by the single-use emailed
     * link (or the operator's command) while REQUIRE_ADMIN_2FA is on, so a password alone never enrols one.
     */
    enrolmentUntil: timestamp('enrolment_until', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt), uniqueIndex('sessions_public_id_key').on(t.publicId)],
);

/**
 * Sign-ins waiting for their second step (decision 061): the right password was given, the code not yet. The browser
 * holds the token in a signed cookie; only its hash is here. Single use: the row goes when the second step succeeds,
 * when its five minutes end (the hourly sweep), and with the account's sessions (a new password, a reset, a ban).
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    /** SHA-256 of the cookie's token. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The first step: 'password' (a password or a reset link) or 'oidc' (the provider, whose ID token is kept for the session). */
    firstStep: text('first_step', { enum: ['password', 'oidc'] }).notNull().default('password'),
    oidcIdToken: text('oidc_id_token'),
    /** A provider identity to link to the account once the second step is given (issuer, subject, the claims). */
    oidcLink: jsonb('oidc_link'),
  },
  (t) => [index('pending_sign_ins_user_id_idx').on(t.userId), index('pending_sign_ins_expires_at_idx').on(t.expiresAt)],
);

/** Browsers a member has signed in from (decision 054): a sign-in from one not here sends 'New sign-in to your account'. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the browser's long-lived device cookie. */
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** Single-use recovery codes of two-step sign-in (decision 054): only their hashes, ten per member at most. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Passkeys (decision 055): WebAuthn credentials a member registered, verified with @simplewebauthn/server. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** 'singleDevice' or 'multiDevice' (synced). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId)],
);

/** WebAuthn challenges (decision 055): each single use (deleted as it is used) and good for five minutes. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** The member registering; null for a sign-in, where the passkey names its member. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('webauthn_challenges_purpose_check', rawSql`${t.purpose} in ('registration', 'authentication')`), index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
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
    purpose: text('purpose', { enum: ['verify_email', 'change_email', 'reset_password', 'second_factor_enrolment'] }).notNull(),
    /** The address the link was sent to: the account's own, or the new one of an email change. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('account_tokens_purpose_check', rawSql`${t.purpose} in ('verify_email', 'change_email', 'reset_password', 'second_factor_enrolment')`),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);
