// The body of POST /api/services, for every kind of test: the server tests (app.inject), the end-to-end fixtures
// (Playwright's request context) and the benchmarks (fetch against a child server). Each caller brings its own way
// of reading JSON; the shape of a listing and its defaults live here once.

export interface CatalogueIds {
  categoryId: number;
  serviceTypeId: number;
}

export interface CatalogueCategory {
  id: number;
  slug: string;
  serviceTypes: Array<{ id: number; name: string }>;
}

/** GET of a JSON path on the app under test, answering the parsed body (and failing the caller's way otherwise). */
export type GetJson = (path: string) => Promise<unknown>;

/** The migrated categories with their service types, read through the API the way the listing form reads them. */
export async function readCatalogue(getJson: GetJson): Promise<CatalogueCategory[]> {
  const categories = (await getJson('/api/categories')) as Array<{ id: number; slug: string }>;
  return Promise.all(
    categories.map(async ({ id, slug }) => ({
      id,
      slug,
      serviceTypes: (await getJson(`/api/categories/${id}/service-types`)) as Array<{ id: number; name: string }>,
    })),
  );
}

/** The ids of a category (by slug) and one of its service types (by name; the category's first when left out). */
export function catalogueIds(catalogue: readonly CatalogueCategory[], slug: string, serviceTypeName?: string): CatalogueIds {
  const category = catalogue.find((c) => c.slug === slug);
  if (!category) throw new Error(`no category with the slug ${slug}`);
  const type = serviceTypeName ? category.serviceTypes.find((s) => s.name === serviceTypeName) : category.serviceTypes[0];
  if (!type) throw new Error(`no service type ${serviceTypeName ?? '(any)'} in ${slug}`);
  return { categoryId: category.id, serviceTypeId: type.id };
}

const defaults = (ids: CatalogueIds, listingType: unknown) => ({
  listingType,
  ...ids,
  title: 'Patient maths tutoring',
  description: 'Algebra and geometry help for middle and high school students, at your kitchen table or mine.',
  images: [] as string[],
  rate: listingType === 'request' ? null : 25,
  rateType: 'hourly',
  pricesVary: false,
  availability: ['mon', 'wed'],
  isVirtual: false,
  zipCode: '10001',
  city: 'New York',
  state: 'NY',
  contactMethod: 'message',
  contactValue: 'Platform messaging',
});

export type ListingInput<O extends object = object> = Omit<ReturnType<typeof defaults>, keyof O> & O;

/**
 * A valid listing: an hourly $25 maths tutoring offer in New York on Mondays and Wednesdays, contact through
 * messages. A request has no budget unless `overrides` gives one. Overrides are taken as they are, invalid values
 * too, so validation tests start from the same body.
 */
export function listingInput<O extends object = object>(ids: CatalogueIds, overrides?: O): ListingInput<O> {
  const listingType = (overrides as { listingType?: unknown } | undefined)?.listingType ?? 'offer';
  return { ...defaults(ids, listingType), ...overrides } as unknown as ListingInput<O>;
}
