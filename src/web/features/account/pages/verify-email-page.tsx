import { useEffect, useRef } from 'react';
import { CircleCheck } from '#web/components/icons/index.js';
import { Link, useSearch } from 'wouter';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import { accountTokenSchema } from '#shared/account.js';
import { paths } from '#web/core/paths.js';
import { useAuth } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { loginUrl } from '#web/lib/site.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useVerifyEmail } from '../api/verify-email.js';
import { AccountCard } from '../components/account-card.js';
import { LinkProblem } from '../components/link-problem.js';

/** Where a person goes next: their profile when signed in, else the sign-in that leads there. */
function Onward({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button asChild>
      <Link href={paths.profile}>Go to your profile</Link>
    </Button>
  ) : (
    <Button asChild>
      <a href={loginUrl(paths.profile)}>Sign in</a>
    </Button>
  );
}

export default function VerifyEmailPage() {
  usePageMeta('Verify your email address', 'Confirm the email address of your Community Services Marketplace account.');
  const signedIn = useAuth().status === 'signed-in';
  const parsed = accountTokenSchema.safeParse(new URLSearchParams(useSearch()).get('token') ?? '');
  const token = parsed.success ? parsed.data : null;
  const { mutate, status, data, error, reset } = useVerifyEmail();
  // A token works once: React's development double run of effects (StrictMode) must not post it twice.
  const posted = useRef<string | null>(null);

  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    mutate({ token });
  }, [token, mutate]);

  if (!token || (error instanceof ApiError && error.status === 400)) {
    return (
      <LinkProblem message={ACCOUNT_MESSAGES.invalidLink}>
        <p className="text-sm text-muted-foreground">
          {signedIn ? 'You can ask for a new link on your profile.' : 'Sign in to ask for a new link from your profile.'}
        </p>
        <Onward signedIn={signedIn} />
      </LinkProblem>
    );
  }

  if (error instanceof ApiError && error.status === 409) {
    return (
      <LinkProblem title="Email address not changed" message={errorMessage(error, 'This email address is already in use.')}>
        <Onward signedIn={signedIn} />
      </LinkProblem>
    );
  }

  if (status === 'error') {
    return (
      <LinkProblem title="Something went wrong" message={errorMessage(error, 'We could not check your link. Please try again.')}>
        <Button
          onClick={() => {
            reset();
            mutate({ token });
          }}
        >
          Try again
        </Button>
      </LinkProblem>
    );
  }

  if (status === 'success') {
    const changed = data.outcome === 'email_changed';
    return (
      <AccountCard
        title={changed ? 'Email address changed' : 'Email address verified'}
        icon={<CircleCheck className="size-10 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />}
      >
        <p role="status">{data.message}</p>
        {changed && !signedIn && <p className="text-sm text-muted-foreground">Sign in with your new address from now on.</p>}
        <div className="flex flex-col gap-3">
          <Onward signedIn={signedIn} />
          <Button asChild variant="outline">
            <Link href={paths.services}>Browse services</Link>
          </Button>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Verifying your email address">
      <div className="flex justify-center py-4">
        <Spinner label="Checking your link" />
      </div>
    </AccountCard>
  );
}
