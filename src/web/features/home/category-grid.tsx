import { Link } from 'wouter';
import { paths } from '../../core/paths.js';
import { CategoryIcon } from '../../components/category-icon.js';
import { Button } from '../../components/ui/button.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { useCategories } from '../categories/index.js';

// As many placeholders as the standard catalogue has categories, so the grid does not jump when they arrive.
const SKELETON_TILES = Array.from({ length: 8 }, (_, index) => index);

const tileClasses =
  'flex h-full flex-col items-center gap-3 rounded-lg border bg-card p-4 text-center text-card-foreground shadow-sm transition-colors hover:border-primary hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

export function CategoryGrid() {
  const { data: categories, isPending, isError } = useCategories();

  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id="categories-title" className="text-center text-3xl font-bold tracking-tight">
        Browse by Category
      </h2>
      {isError ? (
        <p role="alert" className="mt-8 text-center text-muted-foreground">
          Categories could not be loaded. Please refresh the page to try again.
        </p>
      ) : (
        <ul
          className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-7"
          aria-busy={isPending}
        >
          {isPending
            ? SKELETON_TILES.map((index) => (
                <li key={index} className="flex flex-col items-center gap-3 rounded-lg border p-4">
                  <Skeleton className="size-16 rounded-full" />
                  <Skeleton className="h-4 w-20" />
                </li>
              ))
            : categories.map((category) => (
                <li key={category.id}>
                  <Link href={paths.servicesInCategory(category.slug)} className={tileClasses}>
                    <CategoryIcon slug={category.slug} color={category.color} size="lg" />
                    <span className="text-sm font-medium">{category.name}</span>
                  </Link>
                </li>
              ))}
        </ul>
      )}
      <div className="mt-10 flex justify-center">
        <Button asChild variant="outline" size="lg">
          <Link href={paths.services}>View All Services</Link>
        </Button>
      </div>
    </section>
  );
}
