import type { ReactNode } from 'react';
import { Tag } from 'lucide-react';
import { Link } from 'wouter';
import type { Conversation } from '../../../../shared/messaging.js';

type LinkedService = NonNullable<Conversation['service']>;

/** Browse has no page per listing: a search for its title brings it up first. */
export const serviceHref = (service: LinkedService) => `/services?search=${encodeURIComponent(service.title)}`;

/**
 * Above the composer of a conversation about a listing (spec section 2): the listing's title, linking to it.
 * Completing the service and reviewing it (issue 5) plug in as `children`.
 */
export function ConversationServiceStrip({ service, children }: { service: LinkedService; children?: ReactNode }) {
  return (
    <section aria-label="Service" className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t bg-muted px-4 py-2 text-sm">
      <p className="flex min-w-0 items-center gap-2">
        <Tag className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="text-muted-foreground">About</span>
        <Link href={serviceHref(service)} className="truncate font-medium text-link underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {service.title}
        </Link>
      </p>
      {children}
    </section>
  );
}
