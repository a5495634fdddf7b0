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
