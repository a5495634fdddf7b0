import { useRef, type ReactNode } from 'react';
import { Search } from '#web/components/icons/index.js';
import type { Category } from '#shared/catalogue.js';
import { paths } from '#web/core/paths.js';
import { Checkbox } from '#web/components/ui/checkbox.js';
import { Input } from '#web/components/ui/input.js';
import { Label } from '#web/components/ui/label.js';
import { nativeSelectClasses } from '#web/components/ui/native-select.js';
import { cn } from '#web/lib/utils.js';
import type { ListingTypeFilter } from '../pages/use-browse-params.js';

export const TYPE_OPTIONS: ReadonlyArray<{ value: ListingTypeFilter; toggle: string; option: string }> = [
  { value: 'all-types', toggle: 'All Listings', option: 'All Types' },
  { value: 'offer', toggle: 'Services Offered', option: 'Services Offered' },
  { value: 'request', toggle: 'Help Wanted', option: 'Help Wanted' },
];

/** Requests nobody has written to yet, in decision 050's words. */
export const UNANSWERED_FILTER_LABEL = 'No replies yet';

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
            'flex-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors focus-ring sm:flex-none sm:px-4',
            value === option.value ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
          )}
        >
          {option.toggle}
        </button>
      ))}
    </div>
  );
}

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter (a phone keyboard's Search key): search for the text now rather than after the pause. */
  onSearchNow: (text: string) => void;
  /** The address's other filters, sent along when the form is submitted before the page's scripts run. */
  carried: ReadonlyArray<readonly [string, string]>;
  /** Beside the box: the phone's 'Filters' button. */
  children?: ReactNode;
}

/**
 * The search box (debounced by the page), in a `GET` form of `/services` (decision 067): before the page's scripts
 * have run, Enter still asks the server for the results page, with the address's other filters; after, it searches at
 * once and closes a phone's keyboard.
 */
export function SearchBox({ value, onChange, onSearchNow, carried, children }: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      role="search"
      method="get"
      action={paths.services}
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearchNow(value.trim());
        input.current?.blur();
      }}
    >
      <Label htmlFor="service-search">Search</Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            ref={input}
            id="service-search"
            name="search"
            type="search"
            enterKeyHint="search"
            placeholder="Search by title or description"
            className="pl-9"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            maxLength={200}
          />
        </div>
        {children}
      </div>
      {carried.map(([name, carriedValue], index) => (
        <input key={`${index}-${name}`} type="hidden" name={name} value={carriedValue} />
      ))}
    </form>
  );
}

export function TypeSelect({ value, onChange }: { value: ListingTypeFilter; onChange: (value: ListingTypeFilter) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="type-filter">Type</Label>
      <select id="type-filter" className={nativeSelectClasses} value={value} onChange={(event) => onChange(event.target.value as ListingTypeFilter)}>
        {TYPE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.option}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CategorySelect({ value, onChange, categories }: { value: string; onChange: (slug: string) => void; categories: Category[] }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="category-filter">Category</Label>
      <select id="category-filter" className={nativeSelectClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All Categories</option>
        {categories.map((category) => (
          <option key={category.id} value={category.slug}>
            {category.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function UnansweredFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id="unanswered-filter" checked={checked} onCheckedChange={(state) => onChange(state === true)} />
      <Label htmlFor="unanswered-filter" className="font-normal">
        {UNANSWERED_FILTER_LABEL}
      </Label>
    </div>
  );
}
