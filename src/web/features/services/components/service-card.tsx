import { useId, type ReactNode } from 'react';
import { CalendarDays, MapPin, Tag } from 'lucide-react';
import type { Service } from '../../../../shared/services.js';
import { Badge } from '../../../components/ui/badge.js';
import { displayName, UserAvatar } from '../../../components/user-avatar.js';
import { cn } from '../../../lib/utils.js';
import { ImageCarousel } from './image-carousel.js';
import { LikeButton } from './like-button.js';
import { OwnerMenu } from './owner-menu.js';
import { Rating } from './rating.js';
import { availabilityDays, DAY_LABELS, dateLine, locationLabel, priceLabel } from './service-format.js';

export const helpWantedBadgeClasses =
  'border-orange-300 bg-orange-100 text-orange-900 dark:border-orange-700 dark:bg-orange-950 dark:text-orange-200';

interface ServiceCardProps {
  service: Service;
  /** Edit, Delete and Restore for the listing's owner (My Services). */
  showOwnerControls?: boolean;
  /** Further buttons for visitors, shown next to the like button (the Message button plugs in here). */
  actions?: ReactNode;
  /** The menu in the corner for anyone but the owner (the Report menu); the owner controls take its place. */
  menu?: ReactNode;
}

export function ServiceCard({ service, showOwnerControls = false, actions, menu }: ServiceCardProps) {
  const titleId = useId();
  const deleted = service.deletedAt !== null;
  const paused = !service.isActive && !deleted;
  const request = service.listingType === 'request';
  const price = priceLabel(service);
  const location = locationLabel(service);
  const days = availabilityDays(service.availability);
  const provider = displayName(service.user);

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm',
        // An orange bar laid over the top edge, so request cards keep the same layout as offers beside them.
        request && 'before:absolute before:inset-x-0 before:top-0 before:z-10 before:h-1 before:bg-orange-500 dark:before:bg-orange-400',
        // Dimmed by the surface and the photo, never by the text, so every text keeps its contrast.
        (paused || deleted) && 'border-dashed bg-muted shadow-none',
        deleted && 'border-red-300 dark:border-red-900',
      )}
    >
      <ImageCarousel images={service.images} title={service.title} category={service.category} dimmed={paused || deleted} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="outline" className="gap-1.5 bg-background" style={{ borderColor: service.category.color }}>
              <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: service.category.color }} />
              {service.category.name}
            </Badge>
            {request && <Badge className={helpWantedBadgeClasses}>Help Wanted</Badge>}
            {paused && (
              <Badge variant="outline" className="bg-background">
                Paused
              </Badge>
            )}
            {deleted && <Badge variant="destructive">Deleted</Badge>}
          </div>
          {showOwnerControls ? <OwnerMenu service={service} /> : !deleted && menu}
        </div>

        <h3 id={titleId} className="text-lg font-semibold leading-snug [overflow-wrap:anywhere]">
          {service.title}
        </h3>

        <ul className="grid gap-1 text-sm text-muted-foreground">
          {location && (
            <li className="flex items-center gap-1.5">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Location: </span>
              {location}
            </li>
          )}
          {price && (
            <li className="flex items-center gap-1.5 font-semibold text-foreground">
              <Tag className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">Price: </span>
              {price}
            </li>
          )}
          <li className="flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            {dateLine(service)}
          </li>
        </ul>

        <p className="line-clamp-3 text-sm [overflow-wrap:anywhere]">{service.description}</p>

        <Rating average={service.averageRating} count={service.reviewCount} />

        {days.length > 0 && (
          <div>
            <span className="sr-only">Available on</span>
            <ul className="flex flex-wrap gap-1">
              {days.map((day) => (
                <li key={day}>
                  <Badge variant="secondary" className={cn('font-medium', (paused || deleted) && 'border-border bg-background')}>
                    {DAY_LABELS[day]}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        )}

        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <div className="flex min-w-0 items-center gap-2">
            <UserAvatar user={service.user} name={provider} className="size-8 text-sm" />
            <span className="truncate text-sm font-medium">
              <span className="sr-only">{request ? 'Requested by ' : 'Offered by '}</span>
              {provider}
            </span>
          </div>
          <div className="flex items-center gap-1">
            {deleted ? (
              <span className="px-2 text-sm text-muted-foreground">
                {service.likeCount} {service.likeCount === 1 ? 'like' : 'likes'}
              </span>
            ) : (
              <LikeButton service={service} />
            )}
            {!deleted && actions}
          </div>
        </div>
      </div>
    </article>
  );
}
