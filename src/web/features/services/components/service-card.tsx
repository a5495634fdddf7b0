import { useId, type ReactNode } from 'react';
import { CalendarDays, MapPin, Tag, type IconComponent } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import { EXPIRY_TEXTS } from '#shared/listing-expiry-texts.js';
import type { DayCode } from '#shared/service-texts.js';
import type { Service } from '#shared/services.js';
import { paths } from '#web/core/paths.js';
import { availabilityDays, DAY_LABELS, dateLine, distanceLabel, locationLabel, priceLabel } from '#web/components/listing/format.js';
import { MemberLink, VerifiedMark } from '#web/components/member-link.js';
import { Rating } from '#web/components/stars.js';
import { Badge } from '#web/components/ui/badge.js';
import { displayName, UserAvatar } from '#web/components/user-avatar.js';
import { useTimeZone } from '#web/lib/dates.js';
import { cn } from '#web/lib/utils.js';
import { ImageCarousel } from './image-carousel.js';
import { LikeOrCount } from './like-button.js';
import { ExpiryNotice } from './listing-expiry.js';
import { OwnerMenu } from './owner-menu.js';

export const helpWantedBadgeClasses =
  'border-orange-300 bg-orange-100 text-orange-900 dark:border-orange-700 dark:bg-orange-950 dark:text-orange-200';

interface ServiceCardProps {
  service: Service;
  /** Edit, Delete and Restore for the listing's owner (My Services), and 'Renew' when it expires soon or has expired. */
  showOwnerControls?: boolean;
  /** Further buttons for visitors, shown next to the like button (the Message button plugs in here). */
  actions?: ReactNode;
  /** The menu in the corner for anyone but the owner (the Report menu); the owner controls take its place. */
  menu?: ReactNode;
  /** The first card of a page: its photo loads first (ImageCarousel). */
  priority?: boolean;
  /** The ZIP code the reader searched around (decision 052): the listing's page then says how far away it is. */
  near?: string;
}

/** How a listing reads on its card and its page: its state and its formatted facts. */
export function listingView(service: Service) {
  const deleted = service.deletedAt !== null;
  return {
    deleted,
    paused: !service.isActive && !deleted,
    /** Hidden from others until its owner renews it (decision 051); only its owner ever sees it so. */
    expired: service.expired && !deleted,
    request: service.listingType === 'request',
    price: priceLabel(service),
    location: locationLabel(service),
    days: availabilityDays(service.availability),
    provider: displayName(service.user),
  };
}

/** One of a listing's facts: an icon, what it is (for screen readers) and its value. */
export function ListingFact({ icon: Icon, label, className, children }: { icon: IconComponent; label?: string; className?: string; children: ReactNode }) {
  return (
    <li className={cn('flex items-center gap-1.5', className)}>
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {label && <span className="sr-only">{label}: </span>}
      {children}
    </li>
  );
}

/** The days a listing is available, as badges in week order. */
export function DayBadges({ days, dimmed }: { days: DayCode[]; dimmed: boolean }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {days.map((day) => (
        <li key={day}>
          <Badge variant="secondary" className={cn('font-medium', dimmed && 'border-border bg-background')}>
            {DAY_LABELS[day]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** What a listing is at a glance: its category, 'Help Wanted' for a request, and 'Paused', 'Expired' or 'Deleted' for its owner. */
export function ListingBadges({ service }: { service: Pick<Service, 'category' | 'listingType' | 'isActive' | 'deletedAt' | 'expired'> }) {
  const deleted = service.deletedAt !== null;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge variant="outline" className="gap-1.5 bg-background" style={{ borderColor: service.category.color }}>
        <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: service.category.color }} />
        {service.category.name}
      </Badge>
      {service.listingType === 'request' && <Badge className={helpWantedBadgeClasses}>Help Wanted</Badge>}
      {!service.isActive && !deleted && (
        <Badge variant="outline" className="bg-background">
          Paused
        </Badge>
      )}
      {service.expired && !deleted && (
        <Badge variant="outline" className="border-amber-600 bg-background text-amber-900 dark:border-amber-500 dark:text-amber-200">
          {EXPIRY_TEXTS.expired}
        </Badge>
      )}
      {deleted && <Badge variant="destructive">Deleted</Badge>}
    </div>
  );
}

export function ServiceCard({ service, showOwnerControls = false, actions, menu, priority = false, near }: ServiceCardProps) {
  const titleId = useId();
  const href = paths.service(service.id, near);
  const { deleted, paused, expired, request, price, location, days, provider } = listingView(service);
  const hidden = paused || deleted || expired;
  const timeZone = useTimeZone();

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm',
        // An orange bar laid over the top edge, so request cards keep the same layout as offers beside them.
        request && 'before:absolute before:inset-x-0 before:top-0 before:z-10 before:h-1 before:bg-orange-500 dark:before:bg-orange-400',
        // Dimmed by the surface and the photo, never by the text, so every text keeps its contrast.
        hidden && 'border-dashed bg-muted shadow-none',
        deleted && 'border-red-300 dark:border-red-900',
      )}
    >
      <ImageCarousel images={service.images} title={service.title} category={service.category} dimmed={hidden} href={href} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <ListingBadges service={service} />
          {showOwnerControls ? <OwnerMenu service={service} /> : !deleted && menu}
        </div>

        <h3 id={titleId} className="text-lg font-semibold leading-snug [overflow-wrap:anywhere]">
          <Link
            href={href}
            className="rounded-sm hover:underline hover:underline-offset-4 focus-ring"
          >
            {service.title}
          </Link>
        </h3>

        <ul className="grid gap-1 text-sm text-muted-foreground">
          {location && (
            <ListingFact icon={MapPin} label="Location">
              {location}
              {typeof service.distanceMiles === 'number' && <span> · {distanceLabel(service.distanceMiles, service, near)}</span>}
            </ListingFact>
          )}
          {price && (
            <ListingFact icon={Tag} label="Price" className="font-semibold text-foreground">
              {price}
            </ListingFact>
          )}
          <ListingFact icon={CalendarDays}>{dateLine(service, timeZone)}</ListingFact>
        </ul>

        {showOwnerControls && <ExpiryNotice service={service} />}

        <p className="line-clamp-3 text-sm [overflow-wrap:anywhere]">{service.description}</p>

        <Rating average={service.averageRating} count={service.reviewCount} />

        {days.length > 0 && (
          <div>
            <span className="sr-only">Available on</span>
            <DayBadges days={days} dimmed={hidden} />
          </div>
        )}

        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <div className="flex min-w-0 items-center gap-2">
            <UserAvatar user={service.user} name={provider} className="size-8 text-sm" />
            <span className="flex min-w-0 items-center gap-1 text-sm font-medium">
              <span className="sr-only">{request ? 'Requested by ' : 'Offered by '}</span>
              <MemberLink username={service.user.username} className="truncate">
                {provider}
              </MemberLink>
              {service.user.emailVerified && <VerifiedMark />}
            </span>
          </div>
          <div className="flex items-center gap-1">
            <LikeOrCount service={service} />
            {!deleted && actions}
          </div>
        </div>
      </div>
    </article>
  );
}
