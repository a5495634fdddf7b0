import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { loginErrorMessage, safeReturnTo, SECOND_STEP_PARAM, SIGN_UP_MODE, type AuthProviders } from '#shared/auth.js';
import { SECOND_STEP_METHODS, type SecondStepMethod, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { paths } from '../../core/paths.js';
import { useAuth } from '../../core/session/index.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { usePageMeta } from '../../lib/use-page-meta.js';
import { useAuthProviders } from './api/get-auth-providers.js';
import { CreateAccountForm } from './create-account-form.js';
import { PasskeySignIn, usePasskeySignIn } from './passkey-sign-in.js';
import { SecondFactorForm } from './second-factor-form.js';
import { SignInForm } from './sign-in-form.js';

/** Where to go after signing in; never back to this page, which would reload forever. */
function destination(returnTo: string | null): string {
  const target = safeReturnTo(returnTo);
  return new URL(target, window.location.origin).pathname === paths.login ? paths.home : target;
}

/** 'Continue with {name}': a full page navigation into the provider's sign-in, keeping where to come back to. */
function ProviderSignIn({ oidc, returnTo }: { oidc: NonNullable<AuthProviders['oidc']>; returnTo: string }) {
  const noteId = useId();
  const label = `Continue with ${oidc.name}`;
  if (!oidc.available) {
    return (
      <div className="space-y-2">
        <Button variant="outline" className="w-full" disabled aria-describedby={noteId}>
          {label}
        </Button>
        <p id={noteId} className="text-center text-sm text-muted-foreground">
          {oidc.name} cannot be reached right now. Please try again in a few minutes.
        </p>
      </div>
    );
  }
  const href = returnTo === paths.home ? '/api/login/oidc' : `/api/login/oidc?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <Button asChild variant="outline" className="w-full">
      <a href={href}>{label}</a>
    </Button>
  );
}

/** The second step a provider's sign-in still waits for (decision 061): the ways the server named in `?secondStep=`. */
function secondStepMethods(value: string | null): SecondStepMethod[] {
  return (value ?? '').split(',').filter((method): method is SecondStepMethod => (SECOND_STEP_METHODS as readonly string[]).includes(method));
}

export default function LoginPage() {
  usePageMeta('Sign in', 'Sign in to Community Services Marketplace or create a free account.');
  const auth = useAuth();
  const providers = useAuthProviders();
  const search = new URLSearchParams(useSearch());
  const returnTo = destination(search.get('returnTo'));
  // Why an external sign-in came back here: a code the server sent, shown as our own text.
  const errorMessage = loginErrorMessage(search.get('error'));
  const [pendingMethods, setPendingMethods] = useState(() => secondStepMethods(search.get(SECOND_STEP_PARAM)));
  const [expired, setExpired] = useState(false);

  // The session cookie is set by the server, so a full page load is what picks it up everywhere. Once: a sign-in both
  // calls this and makes the session signed in, and a second navigation would restart the first.
  const leaving = useRef(false);
  const goToReturnTo = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    window.location.assign(returnTo);
  }, [returnTo]);

  useEffect(() => {
    if (auth.status === 'signed-in') goToReturnTo();
  }, [auth.status, goToReturnTo]);

  if (auth.status !== 'signed-out' || providers.isPending) return <PageSpinner />;
  // Should the list of ways in fail to load, the email form is still the safe default.
  const local = providers.data?.local ?? true;
  const oidc = providers.data?.oidc ?? null;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Welcome</CardTitle>
          <CardDescription>
            {local ? 'Sign in to your account, or create one to offer and find services.' : 'Sign in to offer and find services.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div role="alert" className="empty:hidden">
            {(expired || errorMessage) && (
              <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
                {expired ? TWO_STEP_TEXTS.pendingExpired : errorMessage}
              </p>
            )}
          </div>
          {pendingMethods.length > 0 ? (
            // After the provider, this account's own second step is the one thing on the page to do.
            <SecondFactorForm
              methods={pendingMethods}
              onSignedIn={goToReturnTo}
              onBack={(timedOut) => {
                setExpired(timedOut);
                setPendingMethods([]);
              }}
            />
          ) : (
            <WaysIn oidc={oidc} local={local} returnTo={returnTo} onSignedIn={goToReturnTo} signUp={search.get('mode') === SIGN_UP_MODE} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** The provider's button and the email forms, as this marketplace offers them. */
function WaysIn({
  oidc,
  local,
  returnTo,
  onSignedIn,
  signUp,
}: {
  oidc: AuthProviders['oidc'];
  local: boolean;
  returnTo: string;
  onSignedIn: () => void;
  signUp: boolean;
}) {
  return (
    <>
      {oidc && <ProviderSignIn oidc={oidc} returnTo={returnTo} />}
      {oidc && local && (
        <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or with your email
          <span className="h-px flex-1 bg-border" />
        </div>
      )}
      {local && <LocalAccountTabs onSignedIn={onSignedIn} signUp={signUp} />}
    </>
  );
}

/** Sign in or create an account with an email and a password; the 'Sign up' links open the second tab. */
function LocalAccountTabs({ onSignedIn, signUp }: { onSignedIn: () => void; signUp: boolean }) {
  const passkey = usePasskeySignIn(onSignedIn);
  // While a two-step sign-in asks for its code, that is the one thing on the page to do (and 'Use a different
  // account' the way back).
  const [secondStep, setSecondStep] = useState(false);
  return (
    <Tabs defaultValue={signUp ? 'create-account' : 'sign-in'}>
      {!secondStep && (
        <TabsList aria-label="Sign in or create an account" className="grid w-full grid-cols-2">
          <TabsTrigger value="sign-in">Sign in</TabsTrigger>
          <TabsTrigger value="create-account">Create account</TabsTrigger>
        </TabsList>
      )}
      <TabsContent value="sign-in">
        <SignInForm onSignedIn={onSignedIn} emailAutoComplete={passkey.emailAutoComplete} onSecondStep={setSecondStep} />
        {!secondStep && <PasskeySignIn {...passkey} />}
      </TabsContent>
      <TabsContent value="create-account">
        <CreateAccountForm onSignedIn={onSignedIn} />
      </TabsContent>
    </Tabs>
  );
}
