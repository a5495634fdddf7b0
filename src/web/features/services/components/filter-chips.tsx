import { X } from '#web/components/icons/index.js';
import type { BrowseParams } from '../pages/use-browse-params.js';
import { TYPE_OPTIONS, UNANSWERED_FILTER_LABEL } from './browse-filters.js';
import { NEAR_CONTROL_TEXTS } from './near-filter.js';
import { placePhrase, type SearchNames } from './results-heading.js';

/** One filter the address applies, as a chip says it, and what taking it away changes in the address. */
export interface ActiveFilter {
  key: string;
  label: string;
  removes: Partial<BrowseParams>;
}

/**
 * The filters the sheet holds that are on (decision 067), in the sheet's order: the search text is not one of them,
 * its box is always in sight. Their number is the 'Filters' button's count.
 */
export function activeFilters(params: BrowseParams, names: SearchNames = {}): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  const type = TYPE_OPTIONS.find((option) => option.value === params.type);
  if (type && params.type !== 'all-types') filters.push({ key: 'type', label: type.toggle, removes: { type: 'all-types', unanswered: '' } });
  if (params.category) filters.push({ key: 'category', label: names.category ?? params.category, removes: { category: '' } });
  if (params.near) {
    filters.push({
      key: 'near',
      label: placePhrase(params, names.place).trim().replace(/^w/, 'W'),
      removes: { near: '', radius: '', sort: '', includeVirtual: '' },
    });
    if (params.sort === 'distance') filters.push({ key: 'sort', label: NEAR_CONTROL_TEXTS.nearestFirst, removes: { sort: '' } });
    if (params.includeVirtual === 'false') filters.push({ key: 'includeVirtual', label: 'No virtual services', removes: { includeVirtual: '' } });
  }
  if (params.unanswered === 'true') filters.push({ key: 'unanswered', label: UNANSWERED_FILTER_LABEL, removes: { unanswered: '' } });
  return filters;
}

/** The active filters as chips; each one's button takes that filter away (the address changes, so the results do). */
export function FilterChips({ filters, onRemove }: { filters: ActiveFilter[]; onRemove: (changes: Partial<BrowseParams>) => void }) {
  if (filters.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {filters.map((filter) => (
        <li key={filter.key} className="min-w-0">
          <button
            type="button"
            aria-label={`Remove filter: ${filter.label}`}
            onClick={() => onRemove(filter.removes)}
            className="inline-flex h-8 max-w-full items-center gap-1.5 rounded-full border bg-secondary pl-3 pr-2 text-sm font-medium text-secondary-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            <span className="truncate">{filter.label}</span>
            <X className="size-3.5 shrink-0" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
