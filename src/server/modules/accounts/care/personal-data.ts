import { getTableName } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DataExportFile } from '#shared/data-export.js';
import {
  accountTokens,
  adminAuditLog,
  appeals,
  bans,
  conversations,
  images,
  knownDevices,
  memberBlocks,
  memberReviews,
  messages,
  oidcIdentities,
  outbox,
  passkeys,
  pendingSignIns,
  recoveryCodes,
  reports,
  reviews,
  savedSearches,
  serviceCompletions,
  serviceLikes,
  services,
  sessions,
  users,
  webauthnChallenges,
} from '#server/db/schema.js';

/**
 * What account deletion does, in this order, each step by the module that writes those tables (decision 038): the
 * emails to the person go and the last one is written while the address is still known, then what they own, then the
 * ways back in, and last the row itself becomes a tombstone.
 */
export const DELETION_STEPS = ['emails', 'listings', 'images', 'blocks', 'saved-searches', 'sessions', 'access', 'tombstone'] as const;
export type DeletionStep = (typeof DELETION_STEPS)[number];

/** One column that names a member, and what becomes of it in "Download my data" and in "Delete my account" (decision 062). */
export interface PersonalColumn {
  column: AnyPgColumn;
  /** The module that writes the table (decision 038). */
  owner: string;
  /** Which member the column names. */
  means: string;
  /** The archive's files it goes to, and what of it; or why it is not in the archive. */
  exported: { to: readonly DataExportFile[]; what: string } | { not: string };
  /** The deletion's step that removes it; or why it stays with the tombstone. */
  deletion: { step: DeletionStep; what: string } | { kept: string };
}

const ADMINISTRATOR = 'The administrator who acted: their work, not data about them';
const ADMINS_STAY = 'Administrators cannot delete their account (decision 016)';

/**
 * Every column of the database that names a member (each foreign key to `users`, and the outbox's address, which names
 * one without a key), by owning module. "Download my data" builds its files from what this says is exported, and account
 * deletion runs the steps it names, in `DELETION_STEPS` order. `personal-data.test.ts` walks the database's foreign keys
 * and fails on a column missing here, so a new table that refers to members cannot be forgotten by either.
 */
export const PERSONAL_DATA: readonly PersonalColumn[] = [
  // accounts
  {
    column: users.id,
    owner: 'accounts',
    means: 'The member',
    exported: { to: ['profile.json', 'security.json'], what: 'The profile, settings and whether two-step sign-in is on; never the password hash or the two-step secret' },
    deletion: { step: 'tombstone', what: 'Every personal field emptied; the row stays so messages and reviews keep their author, shown as "Deleted user"' },
  },
  {
    column: sessions.userId,
    owner: 'accounts',
    means: 'Whose session it is',
    exported: { to: ['security.json'], what: "Each session's public id, browser, dates and how it began; never its token's hash or the provider's ID token" },
    deletion: { step: 'sessions', what: 'Every session ends, and its live streams with it' },
  },
  {
    column: pendingSignIns.userId,
    owner: 'accounts',
    means: 'Whose sign-in waits for its second step',
    exported: { not: "A sign-in in flight for five minutes: a token's hash and nothing the member wrote" },
    deletion: { step: 'sessions', what: 'Ended with the sessions' },
  },
  {
    column: knownDevices.userId,
    owner: 'accounts',
    means: 'Whose browser it is',
    exported: { to: ['security.json'], what: "When each browser was first and last seen; never the device cookie's hash" },
    deletion: { step: 'access', what: 'Forgotten' },
  },
  {
    column: recoveryCodes.userId,
    owner: 'accounts',
    means: 'Whose recovery codes they are',
    exported: { to: ['security.json'], what: 'How many are left unused; never their hashes' },
    deletion: { step: 'access', what: 'Deleted' },
  },
  {
    column: passkeys.userId,
    owner: 'accounts',
    means: 'Whose passkey it is',
    exported: { to: ['security.json'], what: 'Names, kinds and dates; never the credential id or its public key' },
    deletion: { step: 'access', what: 'Deleted' },
  },
  {
    column: webauthnChallenges.userId,
    owner: 'accounts',
    means: 'Who is adding a passkey',
    exported: { not: 'A single-use challenge that lives five minutes' },
    deletion: { step: 'access', what: 'Deleted' },
  },
  {
    column: oidcIdentities.userId,
    owner: 'accounts',
    means: 'Whose account at an identity provider it is',
    exported: { to: ['security.json'], what: 'The provider, and when it was linked and last used' },
    deletion: { step: 'access', what: 'Deleted: the provider no longer signs in to the account' },
  },
  {
    column: accountTokens.userId,
    owner: 'accounts',
    means: 'Whose emailed link it is',
    exported: { to: ['security.json'], what: "Each link's purpose, the address it went to and its dates; never the token's hash" },
    deletion: { step: 'access', what: 'Deleted: no emailed link works any more' },
  },
  // listings
  {
    column: services.userId,
    owner: 'listings',
    means: 'Who posted the listing',
    exported: { to: ['listings.json'], what: 'Every listing, deleted ones too, with its pictures' },
    deletion: { step: 'listings', what: 'Deleted for good, with the likes, reviews, reports and completions about them' },
  },
  {
    column: serviceLikes.userId,
    owner: 'listings',
    means: 'Who liked the listing',
    exported: { to: ['likes.json'], what: 'The listings liked, when' },
    deletion: { step: 'listings', what: 'Deleted, each listing’s count one lower' },
  },
  // images
  {
    column: images.userId,
    owner: 'images',
    means: 'Who uploaded the picture',
    exported: { to: ['listings.json', 'profile.json'], what: 'The picture files themselves (images/), named by the listing or the profile they show in' },
    deletion: { step: 'images', what: 'Deleted, every size' },
  },
  // messaging
  {
    column: conversations.participant1Id,
    owner: 'messaging',
    means: 'Who wrote first',
    exported: { to: ['conversations.json'], what: 'Each conversation with every message in it, the other member by username' },
    deletion: { kept: 'It stays with the other participant, who reads "Deleted user"' },
  },
  {
    column: conversations.participant2Id,
    owner: 'messaging',
    means: 'Whom the conversation was started with',
    exported: { to: ['conversations.json'], what: 'As participant1_id' },
    deletion: { kept: 'As participant1_id' },
  },
  {
    column: messages.senderId,
    owner: 'messaging',
    means: 'Who sent the message',
    exported: { to: ['conversations.json'], what: 'Inside its conversation' },
    deletion: { kept: 'It stays with the conversation, sent by "Deleted user"' },
  },
  // reviews
  {
    column: serviceCompletions.completedBy,
    owner: 'reviews',
    means: 'Who marked the job complete',
    exported: { to: ['completions.json'], what: "Every completion of the member's conversations, whoever marked it" },
    deletion: { kept: "It stays with the other participant's conversation and review (one of the member's own listings goes with it)" },
  },
  {
    column: reviews.reviewerId,
    owner: 'reviews',
    means: 'Who reviewed the listing',
    exported: { to: ['reviews.json'], what: "The reviews written, and (by the listing) those received on the member's listings" },
    deletion: { kept: 'It stays on the listing, by "Deleted user", and its rating still counts' },
  },
  {
    column: memberReviews.reviewerId,
    owner: 'reviews',
    means: 'Which owner reviewed the member they helped',
    exported: { to: ['reviews.json'], what: 'The member reviews written' },
    deletion: { kept: 'It stays with the member reviewed, by "Deleted user"' },
  },
  {
    column: memberReviews.memberId,
    owner: 'reviews',
    means: 'The member reviewed',
    exported: { to: ['reviews.json'], what: 'The member reviews received, the reviewer by username' },
    deletion: { kept: 'It stays with the tombstone' },
  },
  // reports
  {
    column: reports.reporterId,
    owner: 'reports',
    means: 'Who made the report',
    exported: { to: ['reports.json'], what: 'The reports made, and what became of each' },
    deletion: { kept: 'The administrator still judges what it is about; shown as by "Deleted user"' },
  },
  {
    column: reports.reportedUserId,
    owner: 'reports',
    means: 'The member reported',
    exported: { not: 'A report about a member belongs to its reporter: exporting it would tell the member who reported them' },
    deletion: { kept: "The administrator's record of it stays" },
  },
  { column: reports.reviewedBy, owner: 'reports', means: 'The administrator who decided', exported: { not: ADMINISTRATOR }, deletion: { kept: ADMINS_STAY } },
  // admin
  { column: adminAuditLog.actorId, owner: 'admin', means: 'The administrator who acted', exported: { not: ADMINISTRATOR }, deletion: { kept: ADMINS_STAY } },
  // members
  {
    column: memberBlocks.blockerId,
    owner: 'members',
    means: 'Who blocked',
    exported: { to: ['blocks.json'], what: 'The members blocked, by username, and when' },
    deletion: { step: 'blocks', what: 'Deleted' },
  },
  {
    column: memberBlocks.blockedId,
    owner: 'members',
    means: 'Who was blocked',
    exported: { not: 'Only the blocker is told of a block (decision 045)' },
    deletion: { step: 'blocks', what: 'Deleted' },
  },
  // sanctions
  {
    column: bans.userId,
    owner: 'sanctions',
    means: 'The member suspended',
    exported: { to: ['sanctions.json'], what: 'Each suspension with its reason and dates, and the appeal sent against it with its outcome and note' },
    deletion: { kept: 'Why an account was suspended stays on record' },
  },
  { column: bans.bannedBy, owner: 'sanctions', means: 'The administrator who suspended', exported: { not: ADMINISTRATOR }, deletion: { kept: ADMINS_STAY } },
  { column: bans.liftedBy, owner: 'sanctions', means: 'The administrator who lifted it', exported: { not: ADMINISTRATOR }, deletion: { kept: ADMINS_STAY } },
  { column: appeals.decidedBy, owner: 'sanctions', means: 'The administrator who decided the appeal', exported: { not: ADMINISTRATOR }, deletion: { kept: ADMINS_STAY } },
  // saved searches
  {
    column: savedSearches.userId,
    owner: 'saved-searches',
    means: 'Whose search it is',
    exported: { to: ['saved-searches.json'], what: 'Each search, its place and its alerts' },
    deletion: { step: 'saved-searches', what: 'Deleted, with their matches' },
  },
  // mail: no foreign key, the address names the member
  {
    column: outbox.toAddress,
    owner: 'mail',
    means: "The member's email address (or the new one of an email change)",
    exported: { to: ['emails.json'], what: 'Each email still kept: subject, text and dates, with the links’ secrets removed' },
    deletion: { step: 'emails', what: 'Queued and kept emails to the address go; the last one, saying the account is deleted, is written' },
  },
];

/** `table.column` of a registry entry, as the database's catalogue names it. */
export const columnName = (entry: PersonalColumn) => `${getTableName(entry.column.table)}.${entry.column.name}`;

/** The deletion's steps that some column names, in `DELETION_STEPS` order: what "Delete my account" runs. */
export function deletionPlan(registry: readonly PersonalColumn[] = PERSONAL_DATA): DeletionStep[] {
  const named = new Set(registry.flatMap((entry) => ('step' in entry.deletion ? [entry.deletion.step] : [])));
  return DELETION_STEPS.filter((step) => named.has(step));
}

/** The archive's files that some column is exported to. */
export function exportedFiles(registry: readonly PersonalColumn[] = PERSONAL_DATA): Set<DataExportFile> {
  return new Set(registry.flatMap((entry) => ('to' in entry.exported ? entry.exported.to : [])));
}
