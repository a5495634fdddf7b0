import { Link } from 'wouter';
import type { Service } from '#shared/services.js';
import { paths } from '#web/core/paths.js';
import { shareListing } from '#web/components/listing/share.js';

/**
 * What follows the specification's 'posted' toast (decision 068): the new listing's page, and sharing it — what a
 * person who has just posted wants next — without leaving the results they land on.
 */
export function PostedToastActions({ service }: { service: Pick<Service, 'id' | 'title'> }) {
  return (
    <span className="mt-2 flex flex-wrap gap-3">
      <Link href={paths.service(service.id)} className="font-medium underline underline-offset-4">
        View your listing
      </Link>
      <button type="button" className="font-medium underline underline-offset-4" onClick={() => void shareListing(service)}>
        Share
      </button>
    </span>
  );
}
