import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { UnavailableListing } from '#shared/unavailable-texts.js';
import { routePatterns } from '#web/core/paths.js';
import { errorDetails } from '#web/lib/api.js';
import { refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { renderWithApp } from '#web/test-support/render.js';
import ServicePage from './service-page.js';

const TUTORING = { id: 1, name: 'Tutoring', slug: 'tutoring', color: '#4F46E5' };
const refusal = (reason: UnavailableListing['reason']) => ({ status: 404, body: { message: 'Service not found', code: 'not_found', unavailable: { reason, category: TUTORING } } });
const renderAt = (path: string) => renderWithApp(<Route path={routePatterns.service} component={ServicePage} />, { path });

/** The page of a listing the reader may not see (decision 069). */
describe('a listing the reader may not see', () => {
  it.each([
    ['deleted', 'This listing was removed by its owner'],
    ['expired', 'This listing has expired'],
    ['hidden', 'This listing is no longer available'],
  ] as const)('%s: says so, names its category and leads to similar listings', async (reason, words) => {
    stubApi({ 'GET /api/services/9': refusal(reason) });
    renderAt('/services/9');
    expect(await screen.findByRole('heading', { level: 1, name: words })).toBeDefined();
    expect(screen.getByText('You may find others like it in Tutoring.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse similar listings' }).getAttribute('href')).toBe('/services?category=tutoring');
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).toBeNull();
    expect(document.title).toBe(`${words} | Community Services Marketplace`);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('You may find others like it in Tutoring.');
  });

  it("shows the specification's not-found screen for a 404 that says nothing more (no such listing)", async () => {
    stubApi({ 'GET /api/services/9': refuse(404, 'Service not found') });
    renderAt('/services/9');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Browse similar listings' })).toBeNull();
  });

  it('leaves a malformed refusal as a plain not-found: the client keeps only a well-formed reason and category', () => {
    expect(errorDetails({ message: 'Service not found', code: 'not_found', unavailable: { reason: 'gone', category: TUTORING } })?.details.unavailable).toBeUndefined();
    expect(errorDetails({ message: 'Service not found', code: 'not_found', unavailable: { reason: 'hidden', category: { id: 1 } } })?.details.unavailable).toBeUndefined();
    expect(errorDetails(refusal('expired').body)?.details.unavailable).toEqual({ reason: 'expired', category: TUTORING });
  });
});
