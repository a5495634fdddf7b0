import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { SAVED_SEARCH_TEXTS } from '#shared/saved-search-texts.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.js';
import { errorMessage } from '#web/lib/api.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { unsubscribe } from '../api/saved-searches.js';

/**
 * /saved-searches/unsubscribe?token=… (decision 053): the alert email's 'stop these emails' link. Stopping is a POST
 * behind a button, never the page's opening, so a mail scanner following links stops nothing.
 */
export default function UnsubscribePage() {
  usePageMeta(SAVED_SEARCH_TEXTS.unsubscribeTitle, 'Stop the emails of one of your saved searches.');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const stop = useMutation({ mutationFn: () => unsubscribe(token) });

  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{SAVED_SEARCH_TEXTS.unsubscribeTitle}</CardTitle>
          <CardDescription className="text-base">{SAVED_SEARCH_TEXTS.unsubscribeBody}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {!token ? (
            <p role="alert">{SAVED_SEARCH_TEXTS.invalidUnsubscribe}</p>
          ) : stop.isSuccess ? (
            <p role="status">{SAVED_SEARCH_TEXTS.unsubscribed}</p>
          ) : (
            <>
              <div role="alert" className="empty:hidden">
                {stop.isError && <p className="text-sm font-medium text-destructive">{errorMessage(stop.error, SAVED_SEARCH_TEXTS.failure)}</p>}
              </div>
              <Button onClick={() => stop.mutate()} disabled={stop.isPending}>
                {SAVED_SEARCH_TEXTS.unsubscribeAction}
              </Button>
            </>
          )}
          <p className="text-sm">
            <Link href={paths.savedSearches} className="underline">
              Manage your saved searches
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
