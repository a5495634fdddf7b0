import { useEffect, useState } from 'react';
import { SearchX, Sparkles } from '#web/components/icons/index.js';
import { paths } from '#web/core/paths.js';
import { useAuth } from '#web/core/session/index.js';
import { OfferAndRequestButtons, SignedInLink } from '#web/components/signed-in-link.js';
import { Button } from '#web/components/ui/button.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useCategories } from '../../categories/index.js';
import { useZipLookup } from '../../zip/index.js';
import { defaultSavedSearchName } from '#shared/saved-search-texts.js';
import { describeSearch, SaveSearchButton, type SearchFilters } from '../../saved-searches/index.js';
import { CategorySelect, ListingTypeToggle, SearchBox, TypeSelect, UnansweredFilter } from '../components/browse-filters.js';
import { activeFilters, FilterChips } from '../components/filter-chips.js';
import { FiltersSheet } from '../components/filters-sheet.js';
import { NearFilter } from '../components/near-filter.js';
import { CategoriesSection } from '../components/category-tiles.js';
import { countPhrase, resultsHeading } from '../components/results-heading.js';
import { ServiceResults, useFound } from '../components/service-results.js';
import { toServiceFilters, useBrowseParams, type ListingTypeFilter } from './use-browse-params.js';

const SEARCH_DEBOUNCE_MS = 300;

function CallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex flex-col justify-center gap-3 sm:flex-row">
      <OfferAndRequestButtons signedIn={signedIn} />
    </div>
  );
}

export default function BrowsePage() {
  usePageMeta('Browse Services', 'Find local helpers for tutoring, yard work, pet care, childcare and more, or see what your neighbours need help with.');
  const { status, user } = useAuth();
  const signedIn = status === 'signed-in';
  const { data: categories, isPending: categoriesPending } = useCategories();
  // A member's home ZIP (decision 052): with no place in the address, browse starts near it.
  const { params, update, carried } = useBrowseParams(user?.homeZip);

  // The box shows every keystroke; the address (and so the query) follows 300 ms after the last one.
  const [searchText, setSearchText] = useState(params.search);
  const [lastUrlSearch, setLastUrlSearch] = useState(params.search);
  if (params.search !== lastUrlSearch) {
    // The address changed from outside (back button, a link): the box follows it.
    setLastUrlSearch(params.search);
    if (params.search !== searchText.trim()) setSearchText(params.search);
  }
  useEffect(() => {
    const term = searchText.trim();
    if (term === params.search) return;
    const timer = setTimeout(() => update({ search: term }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` is rebuilt every render; only the text matters.
  }, [searchText, params.search]);

  const selectedCategory = categories?.find((c) => c.slug === params.category || String(c.id) === params.category);
  const filters = toServiceFilters(params);
  const filtered = Boolean(filters.search || filters.categoryId || filters.listingType || filters.near || filters.unanswered);
  // What a saved search keeps of the filters (decision 053): its order and 'No replies yet' are about this page only.
  const savable: SearchFilters = {
    ...(filters.search && { search: filters.search }),
    ...(filters.categoryId && { categoryId: filters.categoryId }),
    ...(filters.listingType && { listingType: filters.listingType }),
    ...(filters.near && { near: filters.near, radius: filters.radius ? Number(filters.radius) : undefined, ...(filters.includeVirtual === 'false' && { includeVirtual: false }) }),
  };

  // What was searched, in words (decision 067): the heading, the chips and the sheet's button say it alike.
  const zipPlace = useZipLookup(params.near).data;
  const names = { category: selectedCategory?.name, place: zipPlace ? `${zipPlace.city}, ${zipPlace.state}` : null };
  const found = useFound(filters);
  const chips = activeFilters(params, names);

  // Below 640 px the filter controls live in a sheet while it is open, and nowhere else: one set in the page (decision 067).
  const [sheetOpen, setSheetOpen] = useState(false);
  const inPlace = !sheetOpen;
  const changeType = (type: ListingTypeFilter) => update({ type, ...(type !== 'request' && { unanswered: '' }) });
  const toggle = <ListingTypeToggle value={params.type} onChange={changeType} />;
  const typeSelect = <TypeSelect value={params.type} onChange={changeType} />;
  const categorySelect = <CategorySelect value={selectedCategory?.slug ?? ''} onChange={(category) => update({ category })} categories={categories ?? []} />;
  const nearAndMore = (
    <div className="grid gap-3">
      <NearFilter params={params} onChange={update} />
      {params.type === 'request' && <UnansweredFilter checked={params.unanswered === 'true'} onChange={(checked) => update({ unanswered: checked ? 'true' : '' })} />}
    </div>
  );
  const tiles = (heading: 'h2' | 'h3', id: string, className?: string) => (
    <CategoriesSection
      id={id}
      heading={heading}
      className={className}
      categories={categories ?? []}
      pending={categoriesPending}
      selected={selectedCategory?.slug ?? ''}
      onSelect={(category) => update({ category })}
    />
  );

  const empty = (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      {filtered ? <SearchX className="size-10 text-muted-foreground" aria-hidden="true" /> : <Sparkles className="size-10 text-muted-foreground" aria-hidden="true" />}
      <h3 className="text-lg font-semibold">No services found</h3>
      {filtered ? (
        <>
          <p className="text-muted-foreground">Try adjusting your search or filters.</p>
          <Button
            variant="outline"
            onClick={() => {
              setSearchText('');
              update({ search: '', category: '', type: 'all-types', near: '', radius: '', sort: '', includeVirtual: '', unanswered: '' });
            }}
          >
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <p className="text-muted-foreground">Be the first to offer a service to your community.</p>
          <Button asChild>
            <SignedInLink signedIn={signedIn} href={paths.createService}>
              Offer a Service
            </SignedInLink>
          </Button>
        </>
      )}
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Browse Services</h1>
          <p className="mt-1 text-muted-foreground sm:mt-2">Find help from your neighbours, or see where your skills are needed.</p>
        </div>
        {inPlace && <div className="hidden sm:block">{toggle}</div>}
      </div>

      <section aria-label="Filters" className="mt-4 sm:mt-8">
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <SearchBox value={searchText} onChange={setSearchText} onSearchNow={(search) => update({ search })} carried={carried}>
            <FiltersSheet
              count={chips.length}
              showLabel={found && found.count > 0 ? `Show ${countPhrase(found, params)}` : 'Show results'}
              open={sheetOpen}
              onOpenChange={setSheetOpen}
            >
              {toggle}
              {typeSelect}
              {categorySelect}
              {tiles('h3', 'sheet-categories-title')}
              {nearAndMore}
            </FiltersSheet>
          </SearchBox>
          {inPlace && (
            <>
              <div className="hidden sm:block">{typeSelect}</div>
              <div className="hidden sm:block">{categorySelect}</div>
            </>
          )}
        </div>
        {inPlace && <div className="mt-4 hidden sm:block">{nearAndMore}</div>}
        <div className="mt-3 sm:hidden [&:empty]:hidden">
          <FilterChips filters={chips} onRemove={update} />
        </div>
      </section>

      {inPlace && tiles('h2', 'browse-categories-title', 'mt-8 hidden sm:block')}

      <section aria-label="Results" className="mt-5 sm:mt-10">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3 sm:mb-4">
          <h2 className="text-lg font-semibold [overflow-wrap:anywhere] sm:text-xl">{resultsHeading(found, params, names)}</h2>
          <SaveSearchButton
            signedIn={signedIn}
            filters={savable}
            summary={describeSearch(savable, categories ?? [])}
            defaultName={defaultSavedSearchName({
              search: savable.search ?? null,
              category: selectedCategory?.name ?? null,
              listingType: savable.listingType ?? null,
              near: savable.near ?? null,
              radius: savable.radius ?? null,
            })}
          />
        </div>
        <ServiceResults filters={filters} empty={empty} />
      </section>

      <section aria-labelledby="browse-cta-title" className="mt-16 rounded-lg border bg-muted p-8 text-center">
        <h2 id="browse-cta-title" className="text-2xl font-semibold">
          Have a skill to share or need a hand?
        </h2>
        <p className="mx-auto mb-6 mt-2 max-w-xl text-muted-foreground">
          Offer your services to neighbours, or post what you need and let local helpers find you.
        </p>
        <CallToAction signedIn={signedIn} />
      </section>
    </div>
  );
}
