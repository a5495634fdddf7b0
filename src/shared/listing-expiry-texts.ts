/** When a listing expires and what it says (decision 051), without their schemas: what a page shows needs no zod, which only its forms bring (decision 068). */

/** How many days before a listing expires its owner is emailed, and 'Expires on …' shows in My Services. */
export const EXPIRY_REMINDER_DAYS = 7;

export const EXPIRY_TEXTS = {
  expired: 'Expired',
  renew: 'Renew',
  renewListing: 'Renew listing',
  renewed: 'Listing renewed',
  renewFailed: 'Failed to renew the listing. Please try again.',
  deletedRenew: 'This service has been deleted. Restore it before renewing.',
  invalidLink:
    'This renewal link no longer works: it has been used, or the listing was renewed or edited since. Sign in and renew it from My Services if it still needs renewing.',
  missingLink: 'This renewal link is incomplete. Open the link from the email again, or sign in and renew the listing from My Services.',
  renewTitle: 'Renew your listing',
  tooManyTries: 'Too many tries with renewal links. Please try again later.',
  expiresOn: (day: string) => `Expires on ${day}`,
  expiredOn: (day: string) => `Expired on ${day}`,
} as const;

/** Expired, or expiring within the reminder's week: what My Services and the owner's page offer 'Renew' for. */
export function renewalDue(service: { expiresAt: string | null; expired: boolean; deletedAt: string | null }, now: Date = new Date()): boolean {
  if (service.deletedAt !== null) return false;
  if (service.expired) return true;
  return service.expiresAt !== null && new Date(service.expiresAt).getTime() - now.getTime() <= EXPIRY_REMINDER_DAYS * 24 * 60 * 60 * 1000;
}
