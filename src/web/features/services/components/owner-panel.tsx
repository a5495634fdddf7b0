import { useId } from 'react';
import { Link } from 'wouter';
import { LISTING_ACTIVE_TEXTS } from '#shared/listing-active-texts.js';
import { Pencil, RotateCcw, Share2 } from '#web/components/icons/index.js';
import { shareListing } from '#web/components/listing/share.js';
import { Button } from '#web/components/ui/button.js';
import { paths } from '#web/core/paths.js';
import type { OwnedListing } from './owner-menu-button.js';
import { offersPauseOrResume, usePauseOrResume, useRestoreListing } from './owner-actions.js';

/**
 * 'This is your listing' on the owner's view of its page (decision 070), with what they do most in sight rather than
 * only behind the ⋮ menu: Edit, Pause or Resume, and Share while others can open it; Restore once it is deleted.
 * Rendered for the owner alone, and light: plain buttons and the API client, no menu, dialog or form code.
 */
export function OwnerPanel({ service }: { service: OwnedListing }) {
  const headingId = useId();
  const deleted = service.deletedAt !== null;
  const shown = service.isActive && !service.expired && !deleted;
  return (
    <section aria-labelledby={headingId} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border bg-card px-4 py-3 text-card-foreground shadow-sm sm:max-w-fit">
      <h2 id={headingId} className="text-sm font-semibold">
        {LISTING_ACTIVE_TEXTS.yourListing}
      </h2>
      <div className="flex flex-wrap gap-2">
        {deleted ? (
          <RestoreButton service={service} />
        ) : (
          <>
            <Button asChild variant="outline" size="sm">
              <Link href={paths.editService(service.id)}>
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            </Button>
            {offersPauseOrResume(service) && <PauseOrResumeButton service={service} />}
            {shown && (
              <Button variant="outline" size="sm" onClick={() => void shareListing(service)}>
                <Share2 aria-hidden="true" />
                Share
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function PauseOrResumeButton({ service }: { service: OwnedListing }) {
  const { label, icon: Icon, run, pending } = usePauseOrResume(service);
  return (
    <Button variant="outline" size="sm" onClick={run} disabled={pending}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

function RestoreButton({ service }: { service: OwnedListing }) {
  const { run, pending } = useRestoreListing(service);
  return (
    <Button variant="outline" size="sm" onClick={run} disabled={pending}>
      <RotateCcw aria-hidden="true" />
      Restore
    </Button>
  );
}
