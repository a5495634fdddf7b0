import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import type { User } from '#shared/auth.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { useAuthProviders } from '../../auth/index.js';

/** The profile steps an account without a password confirms at its provider first (decision 016). */
export type ConfirmedStep = 'delete' | 'email';

/** Whether this account may go ahead without confirming at its provider: it has a password, or signed in there minutes ago. */
export function needsProviderConfirmation(user: User, now = Date.now()): boolean {
  if (user.hasPassword) return false;
  return !user.reauthenticatedUntil || Date.parse(user.reauthenticatedUntil) <= now;
}

/**
 * Coming back from the provider to `/profile?confirm={step}`: the step opens again by itself (once; the address
 * bar is tidied), and `failed` says the provider did not confirm this account (`reauth=failed`).
 */
export function useReturnFromProvider(step: ConfirmedStep): { reopen: boolean; failed: boolean } {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const [state] = useState(() => ({ reopen: search.get('confirm') === step, failed: search.get('reauth') === 'failed' }));
  useEffect(() => {
    if (state.reopen) navigate(paths.profile, { replace: true });
  }, [state.reopen, navigate]);
  return state.reopen ? state : { reopen: false, failed: false };
}

/** 'Confirm with {provider}': a full page load to the provider and back to this step of the profile. */
export function ProviderConfirmation({ step, failed }: { step: ConfirmedStep; failed: boolean }) {
  const providers = useAuthProviders();
  const name = providers.data?.oidc?.name;
  if (providers.isPending) return null;
  if (!name) return <p className="text-sm">{ACCOUNT_MESSAGES.reauthUnavailable}</p>;
  const href = `/api/auth/reauthenticate?returnTo=${encodeURIComponent(paths.profileConfirmStep(step))}`;
  return (
    <div className="space-y-3 text-sm">
      {failed && (
        <p role="alert" className="font-medium text-destructive">
          {ACCOUNT_MESSAGES.reauthFailed}
        </p>
      )}
      <p>{ACCOUNT_MESSAGES.reauthExplain(name)}</p>
      <Button asChild size="sm">
        <a href={href}>Confirm with {name}</a>
      </Button>
    </div>
  );
}
