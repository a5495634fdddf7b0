import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '#web/lib/api.js';
import { ConfirmItsYouDialog } from './confirm-its-you-dialog.js';

export interface RecentSignInHandlers<T> {
  onSuccess: (value: T) => void;
  onError: (error: unknown) => void;
}

export interface WithRecentSignIn {
  /**
   * Runs `action`. When the server answers 403 `recent_sign_in_required`, 'Confirm it's you' opens, and once the member
   * proved themselves the action runs once more; its outcome, either time, goes to the handlers. Cancelling calls
   * neither: everything stays as it was.
   */
  run: <T>(action: () => Promise<T>, handlers: RecentSignInHandlers<T>) => void;
  /** The dialog, rendered by the caller wherever it likes (it sits in a portal). */
  dialog: ReactNode;
}

const needsRecentSignIn = (error: unknown) => error instanceof ApiError && error.code === 'recent_sign_in_required';

/**
 * Changes to how an account signs in (renaming or removing a passkey, signing sessions out, turning two-step sign-in
 * off with a code) need a sign-in from the last few minutes (decision 061). Rather than ask every time, the change is
 * tried first, and the password or a passkey is asked for only when the server refuses it.
 */
export function useWithRecentSignIn(): WithRecentSignIn {
  const [open, setOpen] = useState(false);
  const retry = useRef<(() => void) | null>(null);
  const proved = useRef(false);
  // Where the person was when the dialog opened: the button or field the change came from.
  const origin = useRef<HTMLElement | null>(null);

  const run = useCallback(<T,>(action: () => Promise<T>, { onSuccess, onError }: RecentSignInHandlers<T>) => {
    action().then(onSuccess, (error: unknown) => {
      if (!needsRecentSignIn(error)) {
        onError(error);
        return;
      }
      retry.current = () => void action().then(onSuccess, onError);
      proved.current = false;
      origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    });
  }, []);

  // The retry waits until the dialog has gone and the focus is back where it was: while the dialog is open its focus
  // trap would pull back a focus the change moves elsewhere (a removed session's list, the section's button).
  const closed = useCallback((event: Event) => {
    event.preventDefault();
    if (origin.current?.isConnected) origin.current.focus();
    const next = proved.current ? retry.current : null;
    retry.current = null;
    origin.current = null;
    next?.();
  }, []);

  const dialog = (
    <ConfirmItsYouDialog
      open={open}
      onProved={() => {
        proved.current = true;
        setOpen(false);
      }}
      onCancel={() => setOpen(false)}
      onClosed={closed}
    />
  );
  return { run, dialog };
}
