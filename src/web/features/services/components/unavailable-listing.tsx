import { Link } from 'wouter';
import { UNAVAILABLE_TEXTS, type UnavailableListing as Unavailable, type UnavailableReason } from '#shared/unavailable-texts.js';
import { CircleAlert, Hourglass, type IconComponent, Trash2 } from '#web/components/icons/index.js';
import { Button } from '#web/components/ui/button.js';
import { paths } from '#web/core/paths.js';
import { UnavailablePage } from '../../not-found/index.js';

const ICONS: Record<UnavailableReason, IconComponent> = { deleted: Trash2, expired: Hourglass, hidden: CircleAlert };

/**
 * A listing's page for a reader who may not see it (decision 069): why, in the words the API's refusal allows, and
 * 'Browse similar listings' in its category. Nothing else of the listing: the API sends nothing else.
 */
export function UnavailableListing({ listing }: { listing: Unavailable }) {
  return (
    <UnavailablePage icon={ICONS[listing.reason]} heading={UNAVAILABLE_TEXTS.heading[listing.reason]} description={UNAVAILABLE_TEXTS.similar(listing.category.name)}>
      <Button asChild>
        <Link href={paths.servicesInCategory(listing.category.slug)}>{UNAVAILABLE_TEXTS.browseSimilar}</Link>
      </Button>
    </UnavailablePage>
  );
}
