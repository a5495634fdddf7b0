import { useId, type ReactNode } from 'react';
import { Button } from './ui/button.js';
import { Spinner } from './ui/spinner.js';

interface QuerySectionProps {
  title: string;
  help: string;
  /** The query the list comes from: loading, failed (with Try again), or read. */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  loadingLabel: string;
  failure: string;
  /** Shown instead of the list when the query answered nothing. */
  empty: string | null;
  children: ReactNode;
}

/** A titled section of a page showing one query's list, with its loading, failure and empty states (the profile's lists). */
export function QuerySection({ title, help, query, loadingLabel, failure, empty, children }: QuerySectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{help}</p>
      </div>
      {query.isPending ? (
        <Spinner label={loadingLabel} />
      ) : query.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm">
          <p>{failure}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : empty !== null ? (
        <p className="text-sm">{empty}</p>
      ) : (
        children
      )}
    </section>
  );
}
