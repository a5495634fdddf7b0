import type { Category } from '../../../../shared/catalogue.js';
import { cn } from '../../../lib/utils.js';
import { CategoryIcon } from '../../categories/components/category-icon.js';

/** Category shortcuts: choosing the selected one again clears the category filter. */
export function CategoryTiles({ categories, selected, onSelect }: { categories: Category[]; selected: string; onSelect: (slug: string) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
      {categories.map((category) => {
        const active = category.slug === selected;
        return (
          <li key={category.id}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(active ? '' : category.slug)}
              className={cn(
                'flex h-full w-full items-center gap-2 rounded-lg border bg-card p-2 text-left text-sm sm:flex-col sm:p-3 sm:text-center font-medium text-card-foreground transition-colors hover:border-primary hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
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
