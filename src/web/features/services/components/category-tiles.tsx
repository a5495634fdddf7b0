import type { Category } from '#shared/catalogue.js';
import { CategoryIcon } from '#web/components/category-icon.js';
import { Skeleton } from '#web/components/ui/skeleton.js';
import { cn } from '#web/lib/utils.js';

/**
 * Category shortcuts: choosing the selected one again clears the category filter. Below 640 px they are one row
 * that scrolls sideways, so the first results show on a phone's first screen.
 */
export function CategoryTiles({ categories, selected, onSelect }: { categories: Category[]; selected: string; onSelect: (slug: string) => void }) {
  return (
    <ul className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:snap-none sm:grid-cols-4 sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-8">
      {categories.map((category) => {
        const active = category.slug === selected;
        return (
          <li key={category.id} className="shrink-0 snap-start sm:shrink">
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(active ? '' : category.slug)}
              className={cn(
                'flex h-full w-full items-center gap-2 whitespace-nowrap rounded-lg border bg-card p-2 text-left text-sm sm:flex-col sm:whitespace-normal sm:p-3 sm:text-center font-medium text-card-foreground transition-colors hover:border-primary hover:bg-accent hover:text-accent-foreground focus-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                active && 'border-primary bg-accent text-accent-foreground ring-1 ring-primary',
              )}
            >
              <CategoryIcon slug={category.slug} color={category.color} size="sm" className="sm:size-12" />
              {category.name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The spec's grid of category tiles under its heading, in the page (h2) or in the phone's filters sheet (h3). */
export function CategoriesSection({
  categories,
  pending,
  selected,
  onSelect,
  id,
  heading: Heading = 'h2',
  className,
}: {
  categories: Category[];
  pending: boolean;
  selected: string;
  onSelect: (slug: string) => void;
  id: string;
  heading?: 'h2' | 'h3';
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={cn('mb-2 font-semibold', Heading === 'h2' ? 'text-lg sm:mb-4 sm:text-xl' : 'text-sm')}>
        Categories
      </Heading>
      {pending ? <Skeleton className="h-11 w-full sm:h-24" /> : <CategoryTiles categories={categories} selected={selected} onSelect={onSelect} />}
    </section>
  );
}
