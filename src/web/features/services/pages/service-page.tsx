import { useState } from 'react';
import { CalendarDays, FolderOpen, MapPin, Navigation, Tag } from '#web/components/icons/index.js';
import { Link, useParams, useSearch } from 'wouter';
import type { Service } from '#shared/services.js';
import { paths } from '#web/core/paths.js';
import { useAuth } from '#web/core/session/index.js';
import { dateLine, distanceLabel, inZip } from '#web/components/listing/format.js';
import { ShareButton } from '#web/components/listing/share.js';
import { MemberLink, VerifiedMark } from '#web/components/member-link.js';
import { Rating } from '#web/components/stars.js';
import { Button } from '#web/components/ui/button.js';
import { PageSpinner } from '#web/components/ui/spinner.js';
import { UserAvatar } from '#web/components/user-avatar.js';
import { ApiError } from '#web/lib/api.js';
import { formatDay, useTimeZone } from '#web/lib/dates.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { cn } from '#web/lib/utils.js';
import { MessageButton } from '../../messages/index.js';
import { NotFoundPage } from '../../not-found/index.js';
import { ReportMenu } from '../../reports/index.js';
import { ReviewsList } from '../../reviews/index.js';
import { useListingDistance } from '../api/get-listing-distance.js';
import { useService } from '../api/get-service.js';
import { useServiceTypes } from '../api/get-service-types.js';
import { LikeOrCount } from '../components/like-button.js';
import { ExpiryNotice } from '../components/listing-expiry.js';
import { OwnerMenu } from '../components/owner-menu.js';
import { OwnerPanel } from '../components/owner-panel.js';
import { PhotoGallery } from '../components/photo-gallery.js';
import { RelatedListings } from '../components/related-listings.js';
import { UnavailableListing } from '../components/unavailable-listing.js';
import { listingId } from './listing-id.js';
import { referenceZip } from './reference-zip.js';
import { listingStructuredData } from './structured-data.js';
import { DayBadges, ListingBadges, ListingFact, listingView } from '../components/service-card.js';

const META_DESCRIPTION_CHARS = 160;

/** The description on one line, cut at a word near `max` characters, for the page's meta description. */
function summary(text: string, max = META_DESCRIPTION_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A listing's own page (decision 042): everything its card shows and what the card has no room for. An address that
 * names no listing shows the not-found screen; one this person may not see, why (decision 069).
 */
export default function ServicePage() {
  const id = listingId(useParams<{ id: string }>().id);
  const query = useService(id ?? 0, { enabled: id !== null, retryOnMount: false });
  if (id === null) return <NotFoundPage />;
  if (query.isPending) return <PageSpinner label="Loading service" />;
  if (query.isError) {
    // A listing that is there but may not be seen says why (decision 069); an id that names none is the not-found screen.
    if (query.error instanceof ApiError && query.error.status === 404 && query.error.unavailable) return <UnavailableListing listing={query.error.unavailable} />;
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundPage />;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p className="font-medium">The service could not be loaded.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Listing service={query.data} />;
}

function Listing({ service }: { service: Service }) {
  const firstImage = service.images[0];
  usePageMeta(service.title, summary(service.description), {
    type: 'article',
    ...(firstImage?.startsWith('/') && { image: { path: firstImage, alt: service.title } }),
    structuredData: listingStructuredData(service),
    // `?near=` only changes how far away the page says the listing is: the page is the same.
    canonicalPath: paths.service(service.id),
  });
  const { user } = useAuth();
  // '≈ 3.2 mi away' from the ZIP code the reader searched around, else from their home ZIP (decision 052).
  const search = useSearch();
  const searchedNear = referenceZip(new URLSearchParams(search), null);
  const near = searchedNear ?? user?.homeZip ?? null;
  const miles = useListingDistance(service.id, near).data?.distanceMiles;
  const timeZone = useTimeZone();
  const [reviewsOpen, setReviewsOpen] = useState(true);
  const serviceTypes = useServiceTypes(service.categoryId);
  const serviceType = serviceTypes.data?.find((type) => type.id === service.serviceTypeId)?.name;

  const own = user !== null && user.id === service.userId;
  const { deleted, paused, expired, request, price, location, days, provider } = listingView(service);
  const hidden = paused || deleted || expired;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <article
        aria-labelledby="listing-title"
        className={cn(
          // The owner's paused, expired or deleted listing, dimmed as My Services shows it: by the surface, never the text.
          hidden && 'rounded-lg border border-dashed bg-muted p-4 sm:p-6',
          deleted && 'border-red-300 dark:border-red-900',
        )}
      >
        <header className="mb-6 grid gap-3">
          <ListingBadges service={service} />
          <h1 id="listing-title" className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
            {service.title}
          </h1>
          {hidden && (
            <p className="text-sm text-muted-foreground">
              {deleted
                ? 'Only you can see this listing: it was deleted. Restore it from the menu to show it again.'
                : expired
                  ? `Only you can see this listing: it has expired. Renew it to show it again${paused ? ', then resume it' : ''}.`
                  : 'Only you can see this listing while it is paused.'}
            </p>
          )}
          {/* When it expires (within the week) or expired, and 'Renew', for the owner only (decision 051). */}
          {own && <ExpiryNotice service={service} className="sm:max-w-md" />}
          {own && <OwnerPanel service={service} />}
        </header>

        {/* On a phone the price and the buttons come right after the photos; on a wide screen they sit beside them. */}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr]">
          <PhotoGallery images={service.images} title={service.title} category={service.category} dimmed={hidden} />

          <aside aria-label="Details" className="grid content-start gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:sticky lg:top-20 lg:self-start">
            <div className="grid gap-4 rounded-lg border bg-card p-5 text-card-foreground shadow-sm">
              {price && (
                <p className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
                  <Tag className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  {/* A request's figure is what the neighbour means to pay: it reads as a budget (decision 068). */}
                  {request ? (
                    !price.startsWith('Budget') && <span className="text-base font-medium text-muted-foreground">Budget</span>
                  ) : (
                    <span className="sr-only">Price: </span>
                  )}
                  {price}
                </p>
              )}
              <ul className="grid gap-2 text-sm text-muted-foreground">
                {location && (
                  <ListingFact icon={MapPin} label="Location">
                    {location}
                  </ListingFact>
                )}
                {typeof miles === 'number' && near && (
                  <ListingFact icon={Navigation} label="Distance">
                    <span>
                      {/* 'In your ZIP (07042)', 'Under 1 mi from ZIP 07042', '≈ 6.0 mi away from ZIP 07042' (decision 067). */}
                      {distanceLabel(miles, service, near)} <span className="whitespace-nowrap">{inZip(service, near) ? `(${near})` : `from ZIP ${near}`}</span>
                    </span>
                  </ListingFact>
                )}
                <ListingFact icon={CalendarDays}>{dateLine(service, timeZone)}</ListingFact>
                <ListingFact icon={FolderOpen} label="Category">
                  <span>
                    <Link href={paths.servicesInCategory(service.category.slug)} className="font-medium text-link underline-offset-4 hover:underline">
                      {service.category.name}
                    </Link>
                    {serviceType && <> · {serviceType}</>}
                  </span>
                </ListingFact>
              </ul>
              {service.reviewCount > 0 ? (
                <Rating average={service.averageRating} count={service.reviewCount} />
              ) : (
                <p className="text-sm text-muted-foreground">No reviews yet</p>
              )}
              <div className="flex flex-wrap items-center gap-1 border-t pt-3">
                <LikeOrCount service={service} />
                {/* Nobody messages their own listing, nor a paused or deleted one. */}
                {!own && service.isActive && !deleted && <MessageButton service={service} />}
                {/* Only a public listing is worth a link: nobody else can open a paused, expired or deleted one. */}
                {!own && service.isActive && !deleted && !expired && <ShareButton service={service} />}
                <div className="ml-auto">{own ? <OwnerMenu service={service} /> : <ReportMenu service={service} />}</div>
              </div>
            </div>

            <section aria-labelledby="listing-provider" className="rounded-lg border bg-card p-5 text-card-foreground shadow-sm">
              <h2 id="listing-provider" className="mb-3 text-sm font-medium text-muted-foreground">
                {request ? 'Requested by' : 'Offered by'}
              </h2>
              <div className="flex items-center gap-3">
                <UserAvatar user={service.user} name={provider} className="size-12 text-lg" />
                <div className="min-w-0">
                  <p className="flex min-w-0 items-center gap-1 font-semibold">
                    <MemberLink username={service.user.username} className="truncate">
                      {provider}
                    </MemberLink>
                    {service.user.emailVerified && <VerifiedMark />}
                  </p>
                  <p className="text-sm text-muted-foreground">Member since {formatDay(service.user.memberSince, timeZone)}</p>
                </div>
              </div>
            </section>
          </aside>

          <div className="grid content-start gap-8">
            <section aria-labelledby="listing-description">
              <h2 id="listing-description" className="mb-2 text-xl font-semibold">
                {request ? 'About this request' : 'About this service'}
              </h2>
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{service.description}</p>
            </section>

            {days.length > 0 && (
              <section aria-labelledby="listing-availability">
                <h2 id="listing-availability" className="mb-2 text-xl font-semibold">
                  Availability
                </h2>
                <DayBadges days={days} dimmed={hidden} />
              </section>
            )}

            <section aria-labelledby="listing-reviews">
              {/* The list's own summary ('Reviews (2)') is what shows. */}
              <h2 id="listing-reviews" className="sr-only">
                Reviews
              </h2>
              <ReviewsList serviceId={service.id} open={reviewsOpen} onOpenChange={setReviewsOpen} />
            </section>
          </div>

        </div>
      </article>

      <RelatedListings service={service} near={searchedNear ?? undefined} />
    </div>
  );
}
