import type { Service } from '#shared/services.js';
import { locationLabel } from '#web/components/listing/format.js';
import { displayName } from '#web/components/user-avatar.js';

/**
 * A listing as schema.org reads it: an Offer, or a Demand for a request for help. The server adds the page's absolute
 * `url` and makes `image` absolute (decision 042); nothing here says more than the page shows.
 */
export function listingStructuredData(service: Service): Record<string, unknown> {
  const party = { '@type': 'Person', name: displayName(service.user) };
  const price =
    service.rate !== null && !service.pricesVary
      ? { price: service.rate.toFixed(2), priceCurrency: 'USD', ...(service.rateType === 'hourly' && { unitText: 'hour' }) }
      : {};
  return {
    '@context': 'https://schema.org',
    '@type': service.listingType === 'request' ? 'Demand' : 'Offer',
    name: service.title,
    description: service.description,
    category: service.category.name,
    ...(service.images[0]?.startsWith('/') && { image: service.images[0] }),
    areaServed: locationLabel(service),
    ...price,
    ...(service.listingType === 'request' ? { seeks: { '@type': 'Service', name: service.title } } : { seller: party }),
    ...(service.reviewCount > 0 &&
      service.averageRating !== null && {
        aggregateRating: { '@type': 'AggregateRating', ratingValue: service.averageRating, reviewCount: service.reviewCount },
      }),
  };
}
