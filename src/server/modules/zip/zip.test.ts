// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (zip: string) => t.app.inject({ method: 'GET', url: `/api/zip/${zip}` });

describe('GET /api/zip/:zip', () => {
  it('answers the place of a ZIP code from the bundled dataset, cacheable for a day', async () => {
    const res = await get('10001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const body = res.json();
    expect(body).toMatchObject({ zip: '10001', city: 'New York', state: 'NY' });
    expect(body.latitude).toBeCloseTo(40.75, 1);
    expect(body.longitude).toBeCloseTo(-74.0, 1);
  });

  it('looks up a ZIP+4 by its first five digits', async () => {
    const res = await get('10001-1234');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ zip: '10001', city: 'New York', state: 'NY' });
  });

  it.each(['1234', 'abcde', '123456', '10001-12', '10001+1234', 'K1A0B1'])('refuses the malformed %j with 400', async (zip) => {
    const res = await get(zip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'ZIP code must be 5 digits or ZIP+4' });
  });

  it('answers 404 for a well-formed ZIP that does not exist', async () => {
    const res = await get('00000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'ZIP code not found', code: 'not_found' });
  });

  it('needs no sign-in', async () => {
    expect((await get('90210')).json()).toMatchObject({ city: 'Beverly Hills', state: 'CA' });
  });
});

describe('GET /api/zip/nearest?lat=&lng=', () => {
  const nearest = (query: string) => t.app.inject({ method: 'GET', url: `/api/zip/nearest?${query}` });

  it.each([
    // A point in Montclair, NJ, near its ZIP centre; Beverly Hills; Adak, Alaska, across from the antimeridian's cells.
    ['lat=40.8140&lng=-74.2150', '07042', 'Montclair'],
    ['lat=34.0905&lng=-118.4060', '90210', 'Beverly Hills'],
    ['lat=51.875&lng=-176.64', '99546', 'Adak'],
  ])('answers the ZIP whose centre is nearest %s, kept by no shared cache', async (query, zip, city) => {
    const res = await nearest(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ zip, city });
  });

  it('agrees with measuring every ZIP centre of the dataset', async () => {
    const { codes } = await import('zipcodes');
    const centres = Object.values(codes).filter((c) => /^\d{5}$/.test(c.zip));
    const rad = Math.PI / 180;
    const miles = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
      2 * 3958.7613 * Math.asin(Math.sqrt(Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2));
    for (const point of [{ latitude: 41.5, longitude: -72.7 }, { latitude: 29.76, longitude: -95.37 }, { latitude: 46.87, longitude: -113.99 }, { latitude: 61.2, longitude: -149.9 }]) {
      const best = centres.reduce((a, b) => (miles(point, a) <= miles(point, b) ? a : b));
      expect((await nearest(`lat=${point.latitude}&lng=${point.longitude}`)).json().zip, JSON.stringify(point)).toBe(best.zip);
    }
  });

  it('answers 404 far from every US ZIP (the mid-Atlantic, the Pacific, the Sahara)', async () => {
    for (const query of ['lat=35&lng=-40', 'lat=0&lng=-140', 'lat=23&lng=13']) {
      const res = await nearest(query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'There is no US ZIP code near this place', code: 'not_found' });
    }
  });

  it.each(['', 'lat=40', 'lng=-74', 'lat=91&lng=0', 'lat=0&lng=181', 'lat=abc&lng=1', 'lat=1&lng=NaN', 'lat=Infinity&lng=1'])('refuses %j with 400', async (query) => {
    expect((await nearest(query)).statusCode).toBe(400);
  });
});
