import { useEffect, useRef, type ReactNode } from 'react';
import type { Service } from '#shared/services.js';
import type { ServiceFilters } from '#web/core/cache/index.js';
import { useAuth } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { MessageButton } from '../../messages/index.js';
import { ReportMenu } from '../../reports/index.js';
import { useServices } from '../api/get-services.js';
import { ServiceCardSkeletons } from './service-card-skeleton.js';
import { ServiceCard } from './service-card.js';
import type { Found } from './results-heading.js';

const BROWSE_SKELETONS = 6;
// Start loading the next page a little before the end of the grid scrolls into view.
const PRELOAD_MARGIN = '600px 0px';

export const serviceGridClasses = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

interface ServiceResultsProps {
  filters: ServiceFilters;
  /** What to show when nothing matches. */
  empty: ReactNode;
}

/** How many listings these filters found so far (decision 067): the pages loaded, and whether another follows. */
export function useFound(filters: ServiceFilters): Found | null {
  const { data } = useServices(filters);
  if (!data) return null;
  return { count: data.pages.reduce((sum, page) => sum + page.services.length, 0), more: Boolean(data.pages.at(-1)?.nextCursor) };
}

/** The listings for a set of filters, loaded page by page as the visitor scrolls (or presses 'Load more'). */
export function ServiceResults({ filters, empty }: ServiceResultsProps) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useServices(filters);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (isPending) {
    return <ServiceGridLoading label="Loading services" count={BROWSE_SKELETONS} />;
  }

  if (isError) {
    return <ServicesLoadError onRetry={() => void refetch()} />;
  }

  const services = data.pages.flatMap((page) => page.services);
  if (services.length === 0) return empty;

  return (
    <div>
      <ul className={serviceGridClasses}>
        {services.map((service, index) => (
          <li key={service.id}>
            <PublicServiceCard service={service} priority={index === 0} near={filters.near} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      <div className="flex flex-col items-center gap-2 [&:not(:empty)]:mt-8" aria-live="polite">
        {isFetchNextPageError && <p className="text-sm text-destructive">Failed to fetch services</p>}
        {isFetchingNextPage ? (
          <Spinner label="Loading more services" />
        ) : (
          hasNextPage && (
            <Button variant="outline" onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          )
        )}
      </div>
    </div>
  );
}

/** A listing's card where anyone may come across it (browse, the listing page's related listings). */
export function PublicServiceCard({ service, priority = false, near }: { service: Service; priority?: boolean; near?: string }) {
  const { user } = useAuth();
  const own = service.userId === user?.id;
  return (
    <ServiceCard
      service={service}
      // A person's own listing gets the owner menu; everyone else's the Report menu.
      showOwnerControls={own}
      priority={priority}
      near={near}
      menu={<ReportMenu service={service} />}
      // Nobody messages their own listing, nor a paused one (the card leaves actions off deleted ones).
      actions={!own && service.isActive ? <MessageButton service={service} /> : undefined}
    />
  );
}

/** Skeleton cards in the listing grid while the first answer is on its way, announced to screen readers. */
export function ServiceGridLoading({ label, count }: { label: string; count: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul className={serviceGridClasses}>
        <ServiceCardSkeletons count={count} />
      </ul>
    </div>
  );
}

export function ServicesLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-lg border p-10 text-center">
      <p className="font-medium">Failed to fetch services</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
