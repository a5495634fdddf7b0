import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Service } from '#shared/services.js';
import { NEAR_ANYWHERE } from '#shared/service-texts.js';
import { useAuth } from '#web/core/session/index.js';
import { paths } from '#web/core/paths.js';
import { ArrowRight } from '#web/components/icons/index.js';
import { Skeleton } from '#web/components/ui/skeleton.js';
import { chosenZip } from '#web/lib/chosen-zip.js';
import { PublicServiceCard, ServicesLoadError } from '../services/index.js';
import { HOME_LISTINGS, useNewestListings } from './newest-listings-query.js';

// A phone swipes through one row (the next card peeks in); from 640 px the cards sit in the browse page's grid.
const listClasses =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3';
const itemClasses = 'w-[85%] max-w-sm shrink-0 snap-start sm:w-auto sm:max-w-none';
const LOADING_CARDS = Array.from({ length: 3 }, (_, index) => index);

/** Browse with the place Home's listings come from; 'anywhere' when browse would otherwise start at the home ZIP. */
function seeAllHref(near: string | null, homeZip: string | null): string {
  if (near) return `${paths.services}?near=${near}`;
  return homeZip ? `${paths.services}?near=${NEAR_ANYWHERE}` : paths.services;
}

/**
 * Home's newest listings, right below the hero (decision 072): near the member's home ZIP, else near the ZIP this
 * browser last chose in browse's Near control, else anywhere; anywhere too, and said so, when nothing is listed near
 * the place. The server renders them for a member's home ZIP and for anywhere; a ZIP only this browser remembers is
 * asked for after hydration, with the listings already painted kept in their place until the answer comes.
 */
export function NewestListings() {
  const { status, user } = useAuth();
  const homeZip = user?.homeZip ?? null;
  const [remembered, setRemembered] = useState<string | null>(null);
  const [reservedHeight, setReservedHeight] = useState<number>();
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (status === 'loading' || homeZip) return;
    const zip = chosenZip();
    if (!zip) return;
    // The section keeps at least the height it was painted with, so what follows it does not move up.
    setReservedHeight(list.current?.offsetHeight);
    setRemembered(zip);
  }, [status, homeZip]);

  const near = homeZip ?? remembered;
  const nearby = useNewestListings(near, { enabled: status !== 'loading', keepShown: true });
  const nearbyServices = nearby.isPlaceholderData ? undefined : nearby.data?.pages[0]?.services;
  const noneNear = near !== null && nearbyServices?.length === 0;
  const anywhere = useNewestListings(null, { enabled: noneNear });

  const current = noneNear ? anywhere : nearby;
  // Near the place once its own answer is here; until then (the listings painted first) and without one, anywhere.
  const shownNear = !noneNear && !nearby.isPlaceholderData ? near : null;
  const services: Service[] | undefined = current.data?.pages[0]?.services.slice(0, HOME_LISTINGS);

  // Nothing listed anywhere yet: the hero's buttons already invite the first listing.
  if (services?.length === 0) return null;

  const heading = shownNear ? `Newest near ${shownNear}` : 'Newest listings';
  return (
    <section aria-labelledby="newest-listings-title" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16 lg:px-8">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="newest-listings-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {heading}
        </h2>
        <Link
          href={seeAllHref(shownNear, homeZip)}
          className="inline-flex shrink-0 items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          See all<span className="sr-only"> {shownNear ? `listings near ${shownNear}` : 'listings'}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {noneNear && <p className="mt-2 text-muted-foreground">{`Nothing is listed near ${near} yet. Here are the newest anywhere.`}</p>}
      <div ref={list} className="mt-6" style={reservedHeight ? { minHeight: reservedHeight } : undefined} aria-busy={nearby.isPlaceholderData || undefined}>
        {current.isError && !services ? (
          <ServicesLoadError onRetry={() => void current.refetch()} />
        ) : services ? (
          <ul className={listClasses}>
            {services.map((service) => (
              <li key={service.id} className={itemClasses}>
                <PublicServiceCard service={service} near={shownNear ?? undefined} />
              </li>
            ))}
          </ul>
        ) : (
          <div>
            <p role="status" className="sr-only">
              Loading the newest listings
            </p>
            <ul className={listClasses}>
              {LOADING_CARDS.map((index) => (
                <li key={index} className={itemClasses}>
                  <Skeleton className="h-[26rem] w-full rounded-lg" />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
