import { currentPath, loginUrl } from '../lib/site.js';
import { toast } from './ui/use-toast.js';

// The specification (§9): the sign-in redirect waits one second so the toast can be read.
export const SIGN_IN_REDIRECT_DELAY_MS = 1000;

/** For an action that needs an account: says so in a toast, then goes to sign-in and back to this page. */
export function promptSignIn(title: string, description: string): void {
  toast({ variant: 'destructive', title, description });
  const returnTo = currentPath();
  setTimeout(() => window.location.assign(loginUrl(returnTo)), SIGN_IN_REDIRECT_DELAY_MS);
}
