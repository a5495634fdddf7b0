import { useId } from 'react';
import { Link } from 'wouter';
import type { Service } from '#shared/services.js';
import { CategoryIcon } from '#web/components/category-icon.js';
import { cardImageUrl, distanceLabel, imageSrcSet } from '#web/components/listing/format.js';
import { reviewCountLabel } from '#web/components/stars.js';
import { Star } from '#web/components/icons/index.js';
import { paths } from '#web/core/paths.js';
import { listingView } from './service-card.js';

/** Drawn a quarter of 1280 px from 1024 px, half the width below (two to a row). */
const COMPACT_SIZES = '(min-width: 1024px) 300px, 50vw';

/**
 * A listing beside another (decision 073): its photo, what it is, its price and place, and its rating, the whole card
 * one link to its page. The full card (carousel, like, Message, menus) is the browse page's; here, eight of them were
 * two thirds of a listing page's markup, for listings the reader opens to act on.
 */
export function CompactServiceCard({ service, near }: { service: Service; near?: string }) {
  const titleId = useId();
  const { request, price, location } = listingView(service);
  const [photo] = service.images;
  const place = typeof service.distanceMiles === 'number' ? `${location} · ${distanceLabel(service.distanceMiles, service, near)}` : location;
  return (
    <article aria-labelledby={titleId} className="group relative flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm">
      {photo ? (
        <img
          src={cardImageUrl(photo)}
          srcSet={imageSrcSet(photo)}
          sizes={COMPACT_SIZES}
          alt=""
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full bg-muted object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center" style={{ backgroundColor: `color-mix(in srgb, ${service.category.color} 14%, var(--muted))` }}>
          <CategoryIcon slug={service.category.slug} color={service.category.color} size="lg" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
        <p className="text-xs font-medium text-muted-foreground">
          {service.category.name}
          {request && <span className="text-orange-800 dark:text-orange-300"> · Help Wanted</span>}
        </p>
        <h3 id={titleId} className="line-clamp-2 font-semibold leading-snug [overflow-wrap:anywhere]">
          {/* The link covers the card (its ::after), so the photo and the facts open the listing too. */}
          <Link href={paths.service(service.id, near)} className="focus-ring rounded-sm after:absolute after:inset-0 group-hover:underline">
            {service.title}
          </Link>
        </h3>
        {price && <p className="font-semibold">{price}</p>}
        {place && <p className="text-muted-foreground">{place}</p>}
        {service.reviewCount > 0 && service.averageRating !== null && (
          <p className="mt-auto flex items-center gap-1">
            <Star className="size-3.5 fill-amber-400 text-amber-500" />
            <span className="font-medium">{service.averageRating.toFixed(1)}</span>
            <span className="text-muted-foreground">({reviewCountLabel(service.reviewCount)})</span>
          </p>
        )}
      </div>
    </article>
  );
}
