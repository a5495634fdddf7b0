import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Hourglass, RefreshCw } from '#web/components/icons/index.js';
import { Link, useParams, useSearch } from 'wouter';
import { EXPIRY_TEXTS } from '#shared/listing-expiry-texts.js';
import { paths } from '#web/core/paths.js';
import { useAuth } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { formatDay, useTimeZone } from '#web/lib/dates.js';
import { loginUrl } from '#web/lib/site.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useRenewal } from '../api/get-renewal.js';
import { useRenewByLink } from '../api/renew-by-link.js';
import { expiryLabel } from '../components/listing-expiry.js';
import { listingId } from './listing-id.js';

function Frame({ icon, title = EXPIRY_TEXTS.renewTitle, children }: { icon?: ReactNode; title?: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          {icon}
          <CardTitle as="h1">{title}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">{children}</CardContent>
      </Card>
    </div>
  );
}

/** My Services when signed in, else the sign-in that leads there. */
function ToMyServices() {
  const signedIn = useAuth().status === 'signed-in';
  return (
    <Button asChild variant="outline">
      {signedIn ? <Link href={paths.myServices}>Go to My Services</Link> : <a href={loginUrl(paths.myServices)}>Sign in to My Services</a>}
    </Button>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Frame icon={<CircleAlert className="size-10 text-destructive" aria-hidden="true" />} title="This link no longer works">
      <p role="alert">{message}</p>
      <ToMyServices />
    </Frame>
  );
}

/**
 * /services/{id}/renew?token=…, opened from an expiry reminder (decision 051): the listing's title and
 * when it expires, and 'Renew listing', which posts the token. Opening the page renews nothing, so a mail scanner
 * that follows the link changes nothing; nobody need be signed in.
 */
export default function RenewListingPage() {
  usePageMeta(EXPIRY_TEXTS.renewTitle, 'Keep your listing on the Community Services Marketplace up for longer.');
  const id = listingId(useParams<{ id: string }>().id);
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const timeZone = useTimeZone();
  const preview = useRenewal(id ?? 0, token, { enabled: id !== null && token !== '' });
  const renew = useRenewByLink();

  if (id === null || token === '') return <Problem message={EXPIRY_TEXTS.missingLink} />;
  const failure = renew.error ?? preview.error;
  if (failure) {
    // A used, wrong or outdated link, a deleted listing, a suspended owner: said as the server says it.
    if (failure instanceof ApiError && failure.fromServer && failure.status < 500) return <Problem message={failure.message} />;
    return (
      <Frame>
        <p role="alert">{errorMessage(failure, EXPIRY_TEXTS.renewFailed)}</p>
        <Button onClick={() => (renew.error ? renew.reset() : void preview.refetch())}>Try again</Button>
      </Frame>
    );
  }
  if (renew.isSuccess) {
    return (
      <Frame icon={<CircleCheck className="size-10 text-green-700 dark:text-green-400" aria-hidden="true" />} title={EXPIRY_TEXTS.renewed}>
        <p role="status">
          &ldquo;{renew.data.title}&rdquo; {renew.data.expiresAt ? `now expires on ${formatDay(renew.data.expiresAt, timeZone)}.` : 'is renewed.'}
        </p>
        <div className="flex flex-col gap-3">
          <Button asChild>
            <Link href={paths.service(renew.data.id)}>View listing</Link>
          </Button>
          <ToMyServices />
        </div>
      </Frame>
    );
  }
  if (!preview.data) {
    return (
      <Frame>
        <div className="flex justify-center py-4">
          <Spinner label="Loading your listing" />
        </div>
      </Frame>
    );
  }
  const listing = preview.data;
  const when = expiryLabel(listing, timeZone);
  return (
    <Frame>
      <div className="space-y-2">
        <p className="text-lg font-semibold [overflow-wrap:anywhere]">&ldquo;{listing.title}&rdquo;</p>
        {when && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Hourglass className="size-4 shrink-0" aria-hidden="true" />
            {when}
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {listing.expired ? 'It is hidden from others until you renew it.' : 'Renew it to keep it up for longer.'}
        </p>
      </div>
      <Button className="w-full" onClick={() => renew.mutate({ id, token })} disabled={renew.isPending}>
        <RefreshCw aria-hidden="true" />
        {renew.isPending ? 'Renewing...' : EXPIRY_TEXTS.renewListing}
      </Button>
    </Frame>
  );
}
