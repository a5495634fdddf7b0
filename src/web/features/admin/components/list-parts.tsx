import { type ReactNode, useId } from 'react';
import { Button } from '#web/components/ui/button.js';
import { Label } from '#web/components/ui/label.js';
import { nativeSelectClasses } from '#web/components/ui/native-select.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { cn } from '#web/lib/utils.js';

interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** The heading of a tab with its count badge. */
export function TabHeader({ id, title, count, children }: { id: string; title: string; count?: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {count && <span className="rounded-full border bg-background px-2.5 py-0.5 text-xs font-semibold">{count}</span>}
      </div>
      {children}
    </div>
  );
}

/**
 * Loading, failure (the specification, §8: 'Failed to fetch …' with a way to try again) and the list itself,
 * with 'Load more' while the server has further pages.
 */
export function PagedList({ query, failure, children }: { query: PagedQuery; failure: string; children: ReactNode }) {
  if (query.isPending) return <Spinner label="Loading" className="my-8 w-full" />;
  if (query.isError) {
    return (
      <div role="alert" className="my-8 flex flex-col items-center gap-3 text-center">
        <p className="font-medium">{failure}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      {children}
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}

/** A list's filter: a labelled native select of a few fixed choices. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={cn(nativeSelectClasses, className)} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
