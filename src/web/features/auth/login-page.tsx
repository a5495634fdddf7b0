import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearch } from 'wouter';
import { safeReturnTo } from '../../../shared/auth.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { cn } from '../../lib/utils.js';
import { usePageMeta } from '../../lib/use-page-meta.js';
import { CreateAccountForm } from './create-account-form.js';
import { SignInForm } from './sign-in-form.js';
import { useAuth } from './use-auth.js';

const TABS = [
  { id: 'sign-in', label: 'Sign in' },
  { id: 'create-account', label: 'Create account' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Where to go after signing in; never back to this page, which would reload forever. */
function destination(returnTo: string | null): string {
  const target = safeReturnTo(returnTo);
  return new URL(target, window.location.origin).pathname === '/login' ? '/' : target;
}

export default function LoginPage() {
  usePageMeta('Sign in', 'Sign in to Community Services Marketplace or create a free account.');
  const auth = useAuth();
  const returnTo = destination(new URLSearchParams(useSearch()).get('returnTo'));
  const [tab, setTab] = useState<TabId>('sign-in');
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const baseId = useId();

  // The session cookie is set by the server, so a full page load is what picks it up everywhere.
  const goToReturnTo = () => window.location.assign(returnTo);

  useEffect(() => {
    if (auth.status === 'signed-in') window.location.assign(returnTo);
  }, [auth.status, returnTo]);

  if (auth.status !== 'signed-out') return <PageSpinner />;

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    const nextId = TABS[next]!.id;
    setTab(nextId);
    tabRefs.current[nextId]?.focus();
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Welcome</CardTitle>
          <CardDescription>Sign in to your account, or create one to offer and find services.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div role="tablist" aria-label="Sign in or create an account" className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1">
            {TABS.map((t) => {
              const selected = tab === t.id;
              return (
                <button
                  key={t.id}
                  ref={(el) => {
                    tabRefs.current[t.id] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${baseId}-${t.id}-tab`}
                  aria-selected={selected}
                  aria-controls={`${baseId}-${t.id}-panel`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setTab(t.id)}
                  onKeyDown={onTabKeyDown}
                  className={cn(
                    'rounded-sm px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {t.label}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
            {tab === 'sign-in' ? <SignInForm onSignedIn={goToReturnTo} /> : <CreateAccountForm onSignedIn={goToReturnTo} />}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
