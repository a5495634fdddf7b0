import { Skeleton } from '#web/components/ui/skeleton.js';

/** Same outline as a card, so the grid keeps its place when the listings arrive. */
export function ServiceCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-16 w-full" />
        <div className="flex items-center gap-2 border-t pt-3">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
    </div>
  );
}

export function ServiceCardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={index}>
      <ServiceCardSkeleton />
    </li>
  ));
}
