import { DELETED_USER_NAME } from '#shared/account.js';
import { DATA_EXPORT_TEXTS, type DataExportFile } from '#shared/data-export.js';
import { averageOf } from '#shared/reviews.js';
import type { Db } from '#server/db/client.js';
import { asSeenByOthers } from '../accounts/index.js';
import { imageUrl } from '../images/index.js';
import { withoutLinkSecrets } from '../mail/index.js';
import { createExportRepository, type ExportRepository } from './repository.js';

/**
 * What each file of the archive holds (decision 062): the presenters of "Download my data". Other members appear by
 * their public username only, dates as ISO 8601 in UTC, money in dollars; what a field leaves out is said in the
 * registry of personal data (accounts/care/personal-data.ts).
 */

/** A picture of the member's, and where the archive keeps it. */
export interface ArchivedPicture {
  id: string;
  path: string;
}

/** Everything the archive says about the member but the picture files' bytes. */
export interface ArchiveContent {
  exportedAt: string;
  files: Record<DataExportFile, Record<string, unknown>>;
  pictures: ArchivedPicture[];
}

type Person = { username: string | null; deletedAt: Date | null };

/** Another member as the archive names them: the public username, 'Deleted user' once they left. */
const nameOf = (person: Person | null): string | null => (person ? (asSeenByOthers(person).username ?? null) : null);
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
export const picturePath = (id: string) => `images/${id}.webp`;

/** Reads everything in one snapshot of the database, so the files agree with each other. */
export async function readArchive(db: Db, userId: string, sessionId: string, now: Date): Promise<ArchiveContent | undefined> {
  return db.transaction((tx) => collect(createExportRepository(tx), userId, sessionId, now), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function collect(repo: ExportRepository, userId: string, sessionId: string, now: Date): Promise<ArchiveContent | undefined> {
  const me = await repo.profile(userId);
  if (!me) return undefined;
  // One after another: the snapshot is one connection's transaction, which takes one statement at a time.
  const security = await repo.security(userId);
  const pictureRows = await repo.pictures(userId);
  const listingRows = await repo.listings(userId);
  const likes = await repo.likes(userId);
  const conversationRows = await repo.conversations(userId);
  const messageRows = await repo.messagesOf(conversationRows.map((c) => c.id));
  const completions = await repo.completions(userId);
  const reviews = await repo.reviews(userId);
  const reports = await repo.reportsMade(userId);
  const blocks = await repo.blocks(userId);
  const savedSearches = await repo.savedSearches(userId);
  const emails = await repo.emails([me.email, me.pendingEmail].filter((a): a is string => a !== null));
  const sanctions = await repo.sanctions(userId);

  const pictures = pictureRows.map((p) => ({ id: p.id, path: picturePath(p.id) }));
  const avatar = pictureRows.find((p) => p.kind === 'avatar' && imageUrl(p.id) === me.profileImageUrl);
  const picturesOf = (listingId: number) => pictureRows.filter((p) => p.serviceId === listingId).map((p) => picturePath(p.id));
  const sender = (m: (typeof messageRows)[number]) => (m.senderId === userId ? DATA_EXPORT_TEXTS.you : nameOf(m.sender));

  const files: ArchiveContent['files'] = {
    'profile.json': {
      profile: {
        username: me.username,
        email: me.email,
        emailVerified: me.emailVerified,
        newEmailWaitingForConfirmation: me.pendingEmail,
        firstName: me.firstName,
        lastName: me.lastName,
        // Our own picture is in the archive; a provider's picture is named by its address, never loaded.
        picture: avatar ? picturePath(avatar.id) : null,
        pictureAddress: avatar ? null : me.profileImageUrl,
        homeZip: me.homeZip,
        emailNotifications: me.emailNotificationsEnabled,
        termsAccepted: me.termsAccepted,
        joinedAt: iso(me.createdAt),
        updatedAt: iso(me.updatedAt),
      },
    },
    'security.json': {
      hasPassword: me.hasPassword,
      twoStepSignIn: { on: me.twoStepEnabledAt !== null, since: iso(me.twoStepEnabledAt), unusedRecoveryCodes: security.unusedRecoveryCodes },
      sessions: security.sessions.map((s) => ({
        id: s.publicId,
        thisSession: s.id === sessionId,
        browser: s.userAgent,
        signInMethod: s.signInMethod,
        secondFactor: s.secondFactor,
        startedAt: iso(s.createdAt),
        lastSeenAt: iso(s.lastSeenAt),
        expiresAt: iso(s.expiresAt),
      })),
      knownBrowsers: security.browsers.map((b) => ({ firstSeenAt: iso(b.firstSeenAt), lastSeenAt: iso(b.lastSeenAt) })),
      passkeys: security.passkeys.map((k) => ({ name: k.name, kind: k.deviceType, backedUp: k.backedUp, addedAt: iso(k.createdAt), lastUsedAt: iso(k.lastUsedAt) })),
      identityProviders: security.identities.map((i) => ({ provider: i.provider, linkedAt: iso(i.linkedAt), lastSignInAt: iso(i.lastSignInAt) })),
      emailedLinks: security.links.map((l) => ({ purpose: l.purpose, sentTo: l.sentTo, sentAt: iso(l.createdAt), expiresAt: iso(l.expiresAt), usedAt: iso(l.usedAt) })),
    },
    'listings.json': {
      listings: listingRows.map((l) => ({
        id: l.id,
        type: l.listingType,
        title: l.title,
        description: l.description,
        category: l.category,
        serviceType: l.serviceType,
        city: l.city,
        state: l.state,
        zipCode: l.zipCode,
        isVirtual: l.isVirtual,
        rate: l.rateCents === null ? null : l.rateCents / 100,
        rateType: l.rateType,
        pricesVary: l.pricesVary,
        availability: l.availability,
        isActive: l.isActive,
        expired: l.expired,
        expiresAt: iso(l.expiresAt),
        likeCount: l.likeCount,
        reviewCount: l.reviewCount,
        averageRating: averageOf(l.ratingSum, l.reviewCount),
        createdAt: iso(l.createdAt),
        updatedAt: iso(l.updatedAt),
        deletedAt: iso(l.deletedAt),
        pictures: picturesOf(l.id),
      })),
      // Uploaded for a listing form that was never saved (swept after a day).
      picturesNotInAListing: pictureRows.filter((p) => p.kind === 'listing' && p.serviceId === null).map((p) => picturePath(p.id)),
    },
    'likes.json': { likes: likes.map((l) => ({ listingId: l.listingId, title: l.title, postedBy: nameOf(l.owner), likedAt: iso(l.likedAt) })) },
    'conversations.json': {
      conversations: conversationRows.map((c) => ({
        id: c.id,
        with: nameOf(c.with),
        listing: c.listingId === null ? null : { id: c.listingId, title: c.listingTitle },
        subject: c.subject,
        startedAt: iso(c.createdAt),
        lastMessageAt: iso(c.lastMessageAt),
        messages: messageRows
          .filter((m) => m.conversationId === c.id)
          .map((m) => ({ id: m.id, from: sender(m), sentAt: iso(m.sentAt), readAt: iso(m.readAt), text: m.content, safetyFlags: m.safetyFlags })),
      })),
    },
    'reviews.json': {
      listingReviewsWritten: reviews.written.map((r) => ({ listing: { id: r.listingId, title: r.listingTitle }, postedBy: nameOf(r.owner), rating: r.rating, text: r.text, writtenAt: iso(r.createdAt) })),
      listingReviewsReceived: reviews.received.map((r) => ({ listing: { id: r.listingId, title: r.listingTitle }, reviewer: nameOf(r.reviewer), rating: r.rating, text: r.text, writtenAt: iso(r.createdAt) })),
      memberReviewsWritten: reviews.memberWritten.map((r) => ({ member: nameOf(r.member), rating: r.rating, text: r.text, writtenAt: iso(r.createdAt) })),
      memberReviewsReceived: reviews.memberReceived.map((r) => ({ reviewer: nameOf(r.reviewer), rating: r.rating, text: r.text, writtenAt: iso(r.createdAt) })),
    },
    'completions.json': {
      completions: completions.map((c) => ({
        listing: { id: c.listingId, title: c.listingTitle },
        conversationId: c.conversationId,
        completedBy: c.completedById === userId ? DATA_EXPORT_TEXTS.you : nameOf(c.completedBy),
        completedAt: iso(c.completedAt),
      })),
    },
    'reports.json': {
      reports: reports.map((r) => ({
        kind: r.kind,
        about:
          r.kind === 'service'
            ? { listingId: r.listingId, title: r.listingTitle }
            : r.kind === 'member'
              ? { member: nameOf(r.member) ?? DELETED_USER_NAME }
              : { messageId: r.messageId, conversationId: r.conversationId },
        reason: r.reason,
        description: r.description,
        madeAt: iso(r.createdAt),
        outcome: r.status,
        decidedAt: iso(r.reviewedAt),
      })),
    },
    'blocks.json': { blocked: blocks.map((b) => ({ member: nameOf(b.member), blockedAt: iso(b.blockedAt) })) },
    'saved-searches.json': {
      savedSearches: savedSearches.map((s) => ({
        name: s.name,
        words: s.search,
        category: s.category,
        type: s.listingType,
        nearZip: s.nearZip,
        radiusMiles: s.radiusMiles,
        includeVirtual: s.includeVirtual,
        alerts: s.frequency,
        lastOpenedAt: iso(s.lastOpenedAt),
        lastAlertAt: iso(s.lastAlertAt),
        savedAt: iso(s.createdAt),
      })),
    },
    'emails.json': {
      // A link's token opens something for a while (a password reset): the archive may be kept anywhere.
      emails: emails.map((e) => ({ kind: e.kind, to: e.to, subject: e.subject, text: withoutLinkSecrets(e.text), writtenAt: iso(e.createdAt), sentAt: iso(e.sentAt) })),
    },
    'sanctions.json': {
      suspensions: sanctions.map((s) => ({
        reason: s.reason,
        suspendedAt: iso(s.suspendedAt),
        liftedAt: iso(s.liftedAt),
        appeal: s.appealMessage === null ? null : { message: s.appealMessage, sentAt: iso(s.appealedAt), outcome: s.appealStatus, note: s.appealNote, decidedAt: iso(s.appealDecidedAt) },
      })),
    },
  };
  return { exportedAt: now.toISOString(), files, pictures };
}
