// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { createListing, loadCatalogue, offerPayload } from '#test/helpers/listings.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/services', headers: { cookie }, payload });
const put = (id: number, payload: object) => t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: { cookie }, payload });
const myListings = async () => (await t.app.inject({ method: 'GET', url: '/api/my-services', headers: { cookie } })).json<unknown[]>();

describe('offer form rules', () => {
  it.each([
    [{ categoryId: '' }, 'categoryId', 'Please select a category'],
    [{ serviceTypeId: null }, 'serviceTypeId', 'Please select a service'],
    [{ title: 'Tiny' }, 'title', 'Title must be at least 5 characters'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title must be less than 100 characters'],
    [{ description: 'Too short to help.' }, 'description', 'Description must be at least 20 characters'],
    [{ description: 'x'.repeat(501) }, 'description', 'Description must be less than 500 characters'],
    [{ rate: 0 }, 'rate', 'Rate must be greater than 0'],
    [{ rate: -5 }, 'rate', 'Rate must be greater than 0'],
    [{ rate: null }, 'rate', "Either provide a rate or check 'Prices Vary'."],
    [{ availability: [] }, 'availability', 'Select at least one day'],
    [{ availability: ['someday'] }, 'availability', 'Select at least one day'],
    [{ zipCode: '123' }, 'zipCode', 'ZIP code, city, and state are required for non-virtual services'],
    [{ zipCode: '12345-12' }, 'zipCode', 'ZIP code, city, and state are required for non-virtual services'],
    [{ city: '' }, 'zipCode', 'ZIP code, city, and state are required for non-virtual services'],
    [{ state: '  ' }, 'zipCode', 'ZIP code, city, and state are required for non-virtual services'],
    [{ zipCode: '12345678901' }, 'zipCode', 'Zip code must be no more than 10 characters long'],
    [{ images: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'images', 'You can only upload up to 5 images.'],
  ])('refuses %j with the spec message and stores nothing', async (override, field, message) => {
    const before = (await myListings()).length;
    const res = await post(await offerPayload(t, override));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await myListings()).toHaveLength(before);
  });

  it('takes a listing without a rate when prices vary, and a virtual one without a place', async () => {
    const listing = await createListing(t, cookie, { rate: null, pricesVary: true, isVirtual: true, zipCode: '', city: '', state: '' });
    expect(listing).toMatchObject({ rate: null, pricesVary: true, isVirtual: true, zipCode: null, city: null, state: null });
  });

  it('accepts ZIP+4 and availability sent as a JSON string, in week order', async () => {
    const listing = await createListing(t, cookie, { zipCode: '10001-1234', availability: '["sun","mon"]' });
    expect(listing.zipCode).toBe('10001-1234');
    expect(listing.availability).toEqual(['mon', 'sun']);
  });

  it('refuses a service type of another category', async () => {
    const catalogue = await loadCatalogue(t);
    const res = await post(await offerPayload(t, { serviceTypeId: catalogue[1]!.serviceTypeIds[0] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.serviceTypeId).toBe('Please select a service');
  });

  it('refuses an unknown category', async () => {
    const res = await post(await offerPayload(t, { categoryId: 999_999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.categoryId).toBe('Please select a category');
  });
});

describe('request form rules', () => {
  it('takes a request without a budget, stores the rate as null and the rate type as hourly', async () => {
    const listing = await createListing(t, cookie, { listingType: 'request', rate: '', rateType: '' });
    expect(listing).toMatchObject({ listingType: 'request', rate: null, rateType: 'hourly' });
  });

  it('refuses a budget that is not above 0', async () => {
    const res = await post(await offerPayload(t, { listingType: 'request', rate: 0 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.rate).toBe('Budget must be greater than 0');
  });

  it('applies the same location rule', async () => {
    const res = await post(await offerPayload(t, { listingType: 'request', zipCode: '' }));
    expect(res.json().errors.zipCode).toBe('ZIP code, city, and state are required for non-virtual services');
  });
});

describe('edit form rules', () => {
  const editPayload = (listing: { categoryId: number; serviceTypeId: number }, override: object = {}) => ({
    categoryId: listing.categoryId,
    serviceTypeId: listing.serviceTypeId,
    title: 'Patient maths tutoring, evenings too',
    description: 'Algebra and geometry help for middle and high school students, now on weekday evenings as well.',
    images: [],
    rate: 30,
    rateType: 'hourly',
    pricesVary: false,
    availability: ['mon', 'tue'],
    isVirtual: false,
    zipCode: '10001',
    city: 'New York',
    state: 'NY',
    ...override,
  });

  it.each([
    [{ title: 'Tiny' }, 'title', 'Title must be at least 5 characters long'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title must be less than 100 characters'],
    [{ description: 'Too short to help.' }, 'description', 'Description must be at least 20 characters long'],
    [{ description: 'x'.repeat(501) }, 'description', 'Description must be less than 500 characters'],
    [{ rate: -1 }, 'rate', 'Rate must be a positive number'],
    [{ rate: null }, 'rate', "Either provide a rate or check 'Prices Vary'."],
    [{ availability: [] }, 'availability', 'Select at least one day of availability'],
    [{ zipCode: '' }, 'zipCode', 'Zip code must be at least 5 characters long'],
    [{ zipCode: '1234' }, 'zipCode', 'Zip code must be at least 5 characters long'],
    [{ zipCode: '12345678901' }, 'zipCode', 'Zip code must be no more than 10 characters long'],
  ])('refuses %j with the edit message and changes nothing', async (override, field, message) => {
    const listing = await createListing(t, cookie);
    const res = await put(listing.id, editPayload(listing, override));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    const after = (await t.app.inject({ method: 'GET', url: `/api/services/${listing.id}` })).json();
    expect(after.title).toBe(listing.title);
    expect(after.updatedAt).toBe(listing.updatedAt);
  });

  it('lets a request keep no budget on edit', async () => {
    const listing = await createListing(t, cookie, { listingType: 'request', rate: null });
    const res = await put(listing.id, editPayload(listing, { rate: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json().rate).toBeNull();
  });

  it('refuses a change of category or service type', async () => {
    const listing = await createListing(t, cookie);
    const catalogue = await loadCatalogue(t);
    const otherType = catalogue[0]!.serviceTypeIds[1]!;
    for (const change of [{ categoryId: catalogue[1]!.id }, { serviceTypeId: otherType }]) {
      const res = await put(listing.id, editPayload(listing, change));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Category and service type cannot be changed');
    }
  });

  it("takes the spec's edit payload (§7: a ZIP but no city or state) and reads the place from the ZIP", async () => {
    const listing = await createListing(t, cookie);
    // Exactly the fields of PUT /api/services/{id} in the specification (§7), in its order.
    const payload = {
      title: 'Patient maths tutoring in San Francisco',
      description: 'Algebra and geometry help for middle and high school students, now across the bay.',
      images: [],
      pricesVary: false,
      rate: 30,
      rateType: 'hourly',
      availability: ['mon', 'tue'],
      zipCode: '94103',
      isVirtual: false,
      categoryId: listing.categoryId,
      serviceTypeId: listing.serviceTypeId,
    };
    const res = await put(listing.id, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: payload.title, zipCode: '94103', city: 'San Francisco', state: 'CA', isVirtual: false });

    // City and state sent with the ZIP are kept as the person wrote them.
    const named = await put(listing.id, { ...payload, city: 'SoMa', state: 'CA' });
    expect(named.json()).toMatchObject({ city: 'SoMa', state: 'CA' });
  });

  it('refuses an edit whose ZIP names no place when city and state are missing, and changes nothing', async () => {
    const listing = await createListing(t, cookie);
    const res = await put(listing.id, editPayload(listing, { zipCode: '00000', city: undefined, state: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.zipCode).toBe('ZIP code, city, and state are required for non-virtual services');
    const after = (await t.app.inject({ method: 'GET', url: `/api/services/${listing.id}` })).json();
    expect(after).toMatchObject({ title: listing.title, zipCode: listing.zipCode, city: listing.city, updatedAt: listing.updatedAt });
  });

  it('saves a valid edit, pauses and resumes the listing', async () => {
    const listing = await createListing(t, cookie);
    const saved = await put(listing.id, editPayload(listing, { isActive: false, rate: 32.5 }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Patient maths tutoring, evenings too', rate: 32.5, isActive: false, availability: ['mon', 'tue'] });
    expect(new Date(saved.json().updatedAt).getTime()).toBeGreaterThan(new Date(listing.updatedAt).getTime());
    const resumed = await put(listing.id, editPayload(listing, { isActive: true }));
    expect(resumed.json().isActive).toBe(true);
  });
});
