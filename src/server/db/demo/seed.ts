import { randomUUID } from 'node:crypto';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { CATALOGUE } from '../../../shared/catalogue.js';
import { createServiceSchema } from '../../../shared/services.js';
import { createAuthRepository, type UserRow, viewerOf } from '../../modules/auth/index.js';
import { createImageService } from '../../modules/images/index.js';
import { createListingsRepository, createListingsService } from '../../modules/listings/index.js';
import { locateZip } from '../../modules/zip/index.js';
import type { Db } from '../client.js';
import { categories, services, serviceTypes, users } from '../schema.js';
import { DEMO_LISTINGS, DEMO_USERS } from './content.js';
import { demoPicture } from './pictures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `.invalid` is reserved (RFC 2606): no mail can ever reach a demo person, and no one can sign in as one (no password). */
export const DEMO_EMAIL_DOMAIN = 'demo.invalid';

/**
 * Whether anyone but the demo neighbours has an account (deleted accounts keep their row without an address, and
 * count: they were real). A production site with real members must not keep presenting itself as a demo.
 */
/** `email` (a column or an alias's column) is not a demo neighbour's: no address (a deleted account) counts as real. */
export const notDemoAddress = (email: SQLWrapper) => sql`(${email} is null or lower(${email}) not like ${`%@${DEMO_EMAIL_DOMAIN}`})`;

export async function hasRealMembers(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(notDemoAddress(users.email))
    .limit(1);
  return rows.length > 0;
}

/**
 * Fills a brand-new marketplace (no accounts yet) with neighbours and their listings, through the same
 * rules and image pipeline as real listings. Answers how many listings it made (0 when the database was not new).
 */
export async function seedDemoData(db: Db): Promise<number> {
  const [{ accounts }] = (await db.select({ accounts: sql<number>`count(*)::int` }).from(users)) as [{ accounts: number }];
  if (accounts > 0) return 0;

  const authRepository = createAuthRepository(db);
  const images = createImageService(db);
  const listings = createListingsService({ db, repo: createListingsRepository(db), images, locate: locateZip });

  const people = new Map<string, UserRow>();
  for (const person of DEMO_USERS) {
    people.set(
      person.key,
      await authRepository.insertUser({
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

  const categoryRows = await db.select().from(categories);
  const typeRows = await db.select().from(serviceTypes);
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
    const created = await listings.create(viewerOf(owner, []), input);
    const postedAt = new Date(now - demo.daysAgo * DAY_MS - index * 60_000);
    await db.update(services).set({ createdAt: postedAt, updatedAt: postedAt }).where(eq(services.id, created.id));
  }
  return DEMO_LISTINGS.length;
}
