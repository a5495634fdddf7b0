import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { isPageDataRefusal, type PageDataSource } from '#shared/pages.js';
import type { MemberProfile } from '#shared/members.js';
import type { BrowseResult, Service } from '#shared/services.js';
import { categoriesQueryKey } from '../../features/categories/index.js';
import { newestListingsKey, newestListingsQuery } from '../../features/home/index.js';
import { browseQuery, listingId, readBrowseParams, referenceZip, serviceTypesQueryKey, toServiceFilters } from '../../features/services/index.js';
import { zipLookupKey, zipToLookUp } from '../../features/zip/index.js';
import { ApiError } from '../../lib/api.js';
import { memberKeys, reviewKeys, serviceKeys } from '../../core/cache/index.js';

/** What a server render knows when it fills the query cache for a page (decision 042). */
export interface PrefetchContext {
  queryClient: QueryClient;
  data: PageDataSource;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

export type Prefetch = (context: PrefetchContext) => Promise<void>;

/** A read the API would refuse fails as the browser's own call would have: an ApiError with the same status and code. */
async function read<T>(call: () => Promise<T | null>): Promise<T> {
  let value: T | null;
  try {
    value = await call();
  } catch (error) {
    throw isPageDataRefusal(error) ? new ApiError(error.status, error.message, { code: error.code, unavailable: error.unavailable }) : error;
  }
  if (value === null) throw new ApiError(404, 'Service not found', { code: 'not_found' });
  return value;
}

/**
 * A ZIP's place as useZipLookup holds it: the API's answer, or null for a ZIP the dataset lacks, which its query keeps
 * as null rather than as an error. The ZIP is one `zipToLookUp` accepted, so the read never refuses its form.
 */
function prefetchZipPlace({ queryClient, data }: PrefetchContext, zip: string): Promise<void> {
  return queryClient.prefetchQuery({ queryKey: zipLookupKey(zip), queryFn: () => data.zip(zip) });
}

export const prefetchCategories: Prefetch = ({ queryClient, data }) => queryClient.prefetchQuery({ queryKey: categoriesQueryKey, queryFn: () => read(() => data.categories()) });

/**
 * Home (decision 072): the categories, and the newest listings near the member's home ZIP, or anywhere for a visitor
 * (the ZIP a visitor chose is known to their browser only) and when nothing is listed near the home ZIP.
 */
export const prefetchHome: Prefetch = async (context) => {
  const { queryClient, data } = context;
  const newest = (near: string | null) =>
    queryClient.prefetchInfiniteQuery({
      queryKey: newestListingsKey(near),
      queryFn: () => read(() => data.browse(newestListingsQuery(near))),
      initialPageParam: null as string | null,
    });
  const near = data.currentUser?.homeZip ?? null;
  await Promise.all([prefetchCategories(context), newest(near)]);
  const nearby = queryClient.getQueryData<InfiniteData<BrowseResult>>(newestListingsKey(near));
  if (near !== null && nearby?.pages[0]?.services.length === 0) await newest(null);
};

/**
 * The browse page: the categories (its tiles and filter), the first page of results for the address's filters, and the
 * place of the ZIP searched around, which the heading and the Near control name (decision 067) from the first paint.
 */
export const prefetchBrowse: Prefetch = async (context) => {
  const { queryClient, data, search } = context;
  // Where the page starts for this visitor: near their home ZIP when the address names no place (decision 052).
  const params = readBrowseParams(search, data.currentUser?.homeZip);
  const filters = toServiceFilters(params);
  const zip = zipToLookUp(params.near);
  await Promise.all([
    prefetchCategories(context),
    zip !== null && prefetchZipPlace(context, zip),
    queryClient.prefetchInfiniteQuery({
      queryKey: serviceKeys.list(filters),
      queryFn: () => read(() => data.browse(browseQuery(filters, null))),
      initialPageParam: null as string | null,
    }),
  ]);
};

/**
 * A listing's page: the listing, its service type's name, its reviews and rating, the listings shown beside it, and
 * how far away it is from the reader's place when there is one (decision 052).
 */
export const prefetchListingPage: Prefetch = async ({ queryClient, data, params, search }) => {
  const id = listingId(params.id);
  if (id === null) return;
  await queryClient.prefetchQuery({ queryKey: serviceKeys.detail(id), queryFn: () => read(() => data.service(id)) });
  const service = queryClient.getQueryData<Service>(serviceKeys.detail(id));
  if (!service) return;
  const near = referenceZip(search, data.currentUser?.homeZip);
  await Promise.all([
    near !== null && queryClient.prefetchQuery({ queryKey: serviceKeys.distance(id, near), queryFn: () => read(() => data.listingDistance(id, near)) }),
    queryClient.prefetchQuery({ queryKey: serviceTypesQueryKey(service.categoryId), queryFn: () => read(() => data.serviceTypes(service.categoryId)) }),
    queryClient.prefetchQuery({ queryKey: reviewKeys.stats(id), queryFn: () => read(() => data.ratingStats(id)) }),
    queryClient.prefetchQuery({ queryKey: serviceKeys.related(id), queryFn: () => read(() => data.related(id)) }),
    queryClient.prefetchQuery({ queryKey: reviewKeys.list(id), queryFn: () => read(() => data.reviews(id)) }),
  ]);
};

/** A member's page (decision 049): the member, the first page of their listings and of the reviews of their listings. */
export const prefetchMemberPage: Prefetch = async ({ queryClient, data, params }) => {
  const username = params.username;
  if (!username) return;
  await queryClient.prefetchQuery({ queryKey: memberKeys.profile(username), queryFn: () => read(() => data.member(username)) });
  const member = queryClient.getQueryData<MemberProfile>(memberKeys.profile(username));
  if (!member) return;
  await Promise.all([
    // A member the reader blocked shows no listings: the page does not ask for them.
    !member.blockedByYou &&
      queryClient.prefetchInfiniteQuery({
        queryKey: memberKeys.listings(username),
        queryFn: () => read(() => data.memberListings(username)),
        initialPageParam: null as string | null,
      }),
    queryClient.prefetchInfiniteQuery({
      queryKey: memberKeys.reviews(username, 'listings'),
      queryFn: () => read(() => data.memberReviews(username, 'listings')),
      initialPageParam: null as string | null,
    }),
  ]);
};

/** Each public page's prefetch, by the name its route gives (routes.tsx). */
export const prefetches = {
  home: prefetchHome,
  browse: prefetchBrowse,
  listing: prefetchListingPage,
  member: prefetchMemberPage,
} satisfies Record<string, Prefetch>;

export type PrefetchName = keyof typeof prefetches;
