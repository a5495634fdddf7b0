import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageSpinner } from '../components/ui/spinner.js';
import { paths } from '../core/paths.js';
import { useAuth } from '../core/session/index.js';

// Pages a user who has not accepted the terms may still see: the acceptance page itself, the terms it refers to,
// and the pages the account's emailed links open (a new account verifies its address before or after accepting).
const OPEN_PATHS = new Set<string>([paths.acceptTerms, paths.terms, paths.verifyEmail, paths.resetPassword, paths.forgotPassword]);

/**
 * The specification (§2): a signed-in user whose termsAccepted is false is always sent to /accept-terms.
 * Nothing renders until the sign-in state is known, so no page flashes in the wrong state.
 */
export function TermsGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const [location, navigate] = useLocation();
  const mustAccept = auth.status === 'signed-in' && !auth.user.termsAccepted && !OPEN_PATHS.has(location);

  useEffect(() => {
    if (mustAccept) navigate(paths.acceptTerms, { replace: true });
  }, [mustAccept, navigate]);

  if (auth.status === 'loading' || mustAccept) return <PageSpinner />;
  return children;
}
