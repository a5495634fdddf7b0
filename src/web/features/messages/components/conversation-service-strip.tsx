import type { ReactNode } from 'react';
import { Tag } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import type { Conversation } from '#shared/messaging.js';
import { paths } from '#web/core/paths.js';

type LinkedService = NonNullable<Conversation['service']>;

interface ConversationServiceStripProps {
  service: LinkedService;
  /** Beside the title: 'Mark as Complete' (decision 011). */
  action?: ReactNode;
  /** Under the title: the review form and the reviews. */
  children?: ReactNode;
}

/**
 * Above the composer of a conversation about a listing (the specification, §2): the listing's title linking to it,
 * completing the job and its reviews. It scrolls on its own past half the panel, so the chat keeps its room.
 */
export function ConversationServiceStrip({ service, action, children }: ConversationServiceStripProps) {
  const deleted = service.deletedAt !== null;
  return (
    <section aria-label="Service" className="grid max-h-[50%] shrink-0 grid-cols-[minmax(0,1fr)] gap-2 overflow-y-auto border-t bg-muted px-4 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="flex min-w-0 items-center gap-2">
          <Tag className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="text-muted-foreground">About</span>
          {deleted ? (
            <span className="truncate font-medium">
              {service.title} <span className="font-normal text-muted-foreground">(deleted)</span>
            </span>
          ) : (
            <Link
              href={paths.service(service.id)}
              className="truncate font-medium text-link underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {service.title}
            </Link>
          )}
        </p>
        {action}
      </div>
      {children}
    </section>
  );
}
