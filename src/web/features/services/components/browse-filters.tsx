import { Search } from '#web/components/icons/index.js';
import type { Category } from '#shared/catalogue.js';
import { Input } from '#web/components/ui/input.js';
import { Label } from '#web/components/ui/label.js';
import { nativeSelectClasses } from '#web/components/ui/native-select.js';
import { cn } from '#web/lib/utils.js';
import type { ListingTypeFilter } from '../pages/use-browse-params.js';

const TYPE_OPTIONS: ReadonlyArray<{ value: ListingTypeFilter; toggle: string; option: string }> = [
  { value: 'all-types', toggle: 'All Listings', option: 'All Types' },
  { value: 'offer', toggle: 'Services Offered', option: 'Services Offered' },
  { value: 'request', toggle: 'Help Wanted', option: 'Help Wanted' },
];

export function ListingTypeToggle({ value, onChange }: { value: ListingTypeFilter; onChange: (value: ListingTypeFilter) => void }) {
  return (
    <div role="group" aria-label="Listings to show" className="inline-flex w-full rounded-lg border bg-muted p-1 sm:w-auto">
      {TYPE_OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'flex-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-none sm:px-4',
            value === option.value ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
          )}
        >
          {option.toggle}
        </button>
      ))}
    </div>
  );
}

interface BrowseFiltersProps {
  searchText: string;
  onSearchTextChange: (value: string) => void;
  type: ListingTypeFilter;
  onTypeChange: (value: ListingTypeFilter) => void;
  categorySlug: string;
  onCategoryChange: (slug: string) => void;
  categories: Category[];
}

export function BrowseFilters(props: BrowseFiltersProps) {
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid gap-2">
        <Label htmlFor="service-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id="service-search"
            type="search"
            placeholder="Search by title or description"
            className="pl-9"
            value={props.searchText}
            onChange={(event) => props.onSearchTextChange(event.target.value)}
            maxLength={200}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="type-filter">Type</Label>
        <select
          id="type-filter"
          className={nativeSelectClasses}
          value={props.type}
          onChange={(event) => props.onTypeChange(event.target.value as ListingTypeFilter)}
        >
          {TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.option}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="category-filter">Category</Label>
        <select
          id="category-filter"
          className={nativeSelectClasses}
          value={props.categorySlug}
          onChange={(event) => props.onCategoryChange(event.target.value)}
        >
          <option value="">All Categories</option>
          {props.categories.map((category) => (
            <option key={category.id} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
