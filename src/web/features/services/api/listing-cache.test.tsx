import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BrowseResult, Service } from '#shared/services.js';
import { reviewKeys, serviceKeys } from '#web/core/cache/index.js';
import { currentUserQueryKey } from '#web/core/session/index.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { aService, PET_CARE, SERVICE_TYPES, TUTORING } from '#web/test-support/fixtures.js';
import { renderHookWithApp } from '#web/test-support/render.js';
import { categoriesQueryKey } from '../../categories/index.js';
import { useCreateService, type CreateServiceBody } from './create-service.js';
import { useDeleteService } from './delete-service.js';
import { serviceTypesQueryKey } from './get-service-types.js';
import { useServices } from './get-services.js';
import { useToggleLike } from './toggle-like.js';
import { useUpdateService, type UpdateServiceBody } from './update-service.js';

const walking = aService({ id: 5 });
const algebra = aService({ id: 6, categoryId: TUTORING.id, category: TUTORING, serviceTypeId: 11, title: 'Algebra help after school' });
const browsePage = (...services: Service[]): InfiniteData<BrowseResult> => ({ pages: [{ services, nextCursor: null }], pageParams: [null] });

/** The listing queries a mutation must refresh: every browse list, every single listing, My Services. */
const LISTING_QUERIES: QueryKey[] = [serviceKeys.list({}), serviceKeys.list({ categoryId: 'pet' }), serviceKeys.detail(5), serviceKeys.detail(6), serviceKeys.mine];

/** What a member's browser holds after visiting a few pages; none of them is on screen (no observers). */
function seedVisitedPages(queryClient: QueryClient) {
  queryClient.setQueryData(serviceKeys.list({}), browsePage(walking, algebra));
  queryClient.setQueryData(serviceKeys.list({ categoryId: 'pet' }), browsePage(walking));
  queryClient.setQueryData(serviceKeys.detail(5), walking);
  queryClient.setQueryData(serviceKeys.detail(6), algebra);
  queryClient.setQueryData(serviceKeys.mine, [walking]);
  queryClient.setQueryData(categoriesQueryKey, [TUTORING, PET_CARE]);
  queryClient.setQueryData(serviceTypesQueryKey(PET_CARE.id), SERVICE_TYPES[PET_CARE.id]);
  queryClient.setQueryData(reviewKeys.stats(5), { averageRating: 4.5, reviewCount: 2 });
}

const sorted = (keys: readonly QueryKey[]) => keys.map((key) => JSON.stringify(key)).sort();
const invalidatedKeys = (queryClient: QueryClient) =>
  sorted(queryClient.getQueryCache().getAll().filter((query) => query.state.isInvalidated).map((query) => query.queryKey));

const newListing: CreateServiceBody = {
  listingType: 'offer',
  categoryId: TUTORING.id,
  serviceTypeId: 12,
  title: 'Science fair coaching',
  description: 'Help planning and building a science fair project.',
  images: [],
  rate: 30,
  rateType: 'hourly',
  pricesVary: false,
  availability: ['tue'],
  isVirtual: true,
  contactMethod: 'message',
  contactValue: 'Platform messaging',
};

/** The edit form's body for a listing as it now is. */
function editOf(service: Service): UpdateServiceBody {
  const { categoryId, serviceTypeId, title, description, images, rate, rateType, pricesVary, availability, isVirtual, zipCode, city, state, isActive } = service;
  return { categoryId, serviceTypeId, title, description, images, rate, rateType, pricesVary, availability, isVirtual, zipCode, city, state, isActive };
}

describe('listing queries after a change', () => {
  it('a new listing invalidates the listing queries and nothing else', async () => {
    stubApi({ 'POST /api/services': ok(aService({ id: 7, title: newListing.title })) });
    const { result, queryClient } = renderHookWithApp(() => useCreateService());
    seedVisitedPages(queryClient);

    await act(() => result.current.mutateAsync(newListing));

    expect(invalidatedKeys(queryClient)).toEqual(sorted(LISTING_QUERIES));
    expect(queryClient.getQueryState(currentUserQueryKey)?.isInvalidated).toBe(false);
  });

  it('an edit keeps the saved listing as its own entry and invalidates the listing queries', async () => {
    const edited = { ...walking, title: 'Dog walking, rain or shine' };
    stubApi({ 'PUT /api/services/5': ok(edited) });
    const { result, queryClient } = renderHookWithApp(() => useUpdateService(5));
    seedVisitedPages(queryClient);

    await act(() => result.current.mutateAsync(editOf(edited)));

    expect(queryClient.getQueryData(serviceKeys.detail(5))).toEqual(edited);
    expect(invalidatedKeys(queryClient)).toEqual(sorted(LISTING_QUERIES));
  });

  it('a delete marks the listing deleted wherever it is cached and invalidates the listing queries', async () => {
    const deleted = { ...walking, deletedAt: '2026-03-03T10:00:00.000Z' };
    stubApi({ 'DELETE /api/services/5': ok(deleted) });
    const { result, queryClient } = renderHookWithApp(() => useDeleteService());
    seedVisitedPages(queryClient);

    await act(() => result.current.mutateAsync(5));

    expect(queryClient.getQueryData<Service[]>(serviceKeys.mine)).toEqual([deleted]);
    expect(queryClient.getQueryData<InfiniteData<BrowseResult>>(serviceKeys.list({}))?.pages[0]?.services).toEqual([deleted, algebra]);
    expect(invalidatedKeys(queryClient)).toEqual(sorted(LISTING_QUERIES));
  });

  it('refetches the list on screen at once after a delete', async () => {
    const browse = stubApi({ 'GET /api/services': ok({ services: [walking], nextCursor: null }), 'DELETE /api/services/5': ok({ ...walking, deletedAt: '2026-03-03T10:00:00.000Z' }) });
    const { result } = renderHookWithApp(() => ({ list: useServices({}), remove: useDeleteService() }));
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));

    await act(() => result.current.remove.mutateAsync(5));

    expect(browse.requests('GET /api/services')).toHaveLength(2);
  });

  it('a like leaves the list on screen as it is, marked for its next visit', async () => {
    const browse = stubApi({
      'GET /api/services': ok({ services: [walking], nextCursor: null }),
      'POST /api/services/5/like': ok({ liked: true, likeCount: 1 }),
    });
    const { result, queryClient } = renderHookWithApp(() => ({ list: useServices({}), like: useToggleLike() }));
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));

    await act(() => result.current.like.mutateAsync({ service: walking, liked: true }));

    expect(browse.requests('GET /api/services')).toHaveLength(1);
    expect(queryClient.getQueryState(serviceKeys.list({}))?.isInvalidated).toBe(true);
    // TanStack Query tells the component in its next tick (notifyManager), so the screen catches up a moment later.
    await waitFor(() => expect(result.current.list.data?.pages[0]?.services[0]).toMatchObject({ likeCount: 1, isLikedByUser: true }));
  });
});
