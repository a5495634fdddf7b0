import type { Service } from '#shared/services.js';
import { displayName } from '#web/components/user-avatar.js';
import { useRelatedServices } from '../api/get-related-services.js';
import { CompactServiceCard } from './compact-service-card.js';

function RelatedList({ id, title, services, near }: { id: string; title: string; services: Service[]; near?: string }) {
  if (services.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="mb-4 text-xl font-semibold [overflow-wrap:anywhere]">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {services.map((service) => (
          <li key={service.id}>
            <CompactServiceCard service={service} near={near} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Under a listing: up to four more of its owner's public listings, then up to four public ones by other people in
 * its category. Nothing shows while they load or when they failed: the listing itself is what the page is for.
 */
export function RelatedListings({ service, near }: { service: Pick<Service, 'id' | 'user'>; near?: string }) {
  const { data } = useRelatedServices(service.id);
  if (!data) return null;
  return (
    <>
      <RelatedList id="more-from-owner" title={`More from ${displayName(service.user)}`} services={data.moreFromOwner} near={near} />
      <RelatedList id="similar-listings" title="Similar listings" services={data.similar} near={near} />
    </>
  );
}
