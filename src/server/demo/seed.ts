import { randomUUID } from 'node:crypto';
import { CATALOGUE } from '../../shared/catalogue.js';
import { createServiceSchema } from '../../shared/services.js';
import { createAuthRepository, type UserRow, viewerOf } from '../modules/accounts/index.js';
import type { CatalogueRepository } from '../modules/catalogue/index.js';
import type { ImageService } from '../modules/images/index.js';
import type { ListingsService } from '../modules/listings/index.js';
import { locateZip } from '../modules/zip/index.js';
import { DEMO_EMAIL_DOMAIN } from './addresses.js';
import { DEMO_LISTINGS, DEMO_USERS } from './content.js';
import { demoPicture } from './pictures.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the seed needs of the modules, through their public faces; app.ts hands it the running app's services. */
export interface DemoModules {
  accounts: Pick<ReturnType<typeof createAuthRepository>, 'countUsers' | 'insertUser'>;
  catalogue: Pick<CatalogueRepository, 'categories' | 'serviceTypes'>;
  images: Pick<ImageService, 'store'>;
  listings: Pick<ListingsService, 'create'>;
}

/**
 * Fills a brand-new marketplace (no accounts yet) with neighbours and their listings, through the same
 * rules and image pipeline as real listings. Answers how many listings it made (0 when the database was not new).
 */
export async function seedDemoData({ accounts, catalogue, images, listings }: DemoModules): Promise<number> {
  if ((await accounts.countUsers()) > 0) return 0;

  const people = new Map<string, UserRow>();
  for (const person of DEMO_USERS) {
    people.set(
      person.key,
      await accounts.insertUser({
        id: randomUUID(),
        email: `${person.username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
        username: person.username,
        firstName: person.firstName,
        lastName: person.lastName,
        termsAccepted: true,
        // Nothing is ever sent to .invalid, but the profile should not ask a demo neighbour to confirm.
        emailVerified: true,
      }),
    );
  }

  const categoryRows = await catalogue.categories();
  const typeRows = await catalogue.serviceTypes();
  const now = Date.now();
  for (const [index, demo] of DEMO_LISTINGS.entries()) {
    const owner = people.get(demo.user)!;
    const category = categoryRows.find((c) => c.slug === demo.category)!;
    const serviceType = typeRows.find((t) => t.categoryId === category.id && t.name === demo.serviceType)!;
    const color = CATALOGUE.find((c) => c.slug === demo.category)!.color;
    const pictures = [];
    for (let n = 0; n < demo.imageCount; n++) {
      const stored = await images.store(owner.id, await demoPicture(color, index * 10 + n + 1), `${demo.category}-${index}-${n}.png`);
      pictures.push(stored.url);
    }
    const place = demo.zipCode ? locateZip(demo.zipCode) : undefined;
    const input = createServiceSchema.parse({
      listingType: demo.listingType,
      categoryId: category.id,
      serviceTypeId: serviceType.id,
      title: demo.title,
      description: demo.description,
      images: pictures,
      rate: demo.rate,
      rateType: demo.rateType,
      pricesVary: demo.pricesVary,
      availability: demo.availability,
      isVirtual: demo.isVirtual,
      zipCode: demo.zipCode,
      city: place?.city,
      state: place?.state,
    });
    await listings.create(viewerOf(owner, []), input, { postedAt: new Date(now - demo.daysAgo * DAY_MS - index * 60_000) });
  }
  return DEMO_LISTINGS.length;
}
