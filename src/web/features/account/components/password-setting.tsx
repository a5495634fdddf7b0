import { Link } from 'wouter';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import type { User } from '#shared/auth.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { useAuthProviders } from '../../auth/index.js';
import { ChangePasswordForm } from './change-password-form.js';
import { useInlineEditor } from './use-inline-editor.js';

/** 'Change password', or why there is none to change (an account that only signs in through OpenID Connect). */
export function PasswordSetting({ user }: { user: User }) {
  const { open: editing, opener, show, close } = useInlineEditor();
  const providers = useAuthProviders();

  if (!user.hasPassword) {
    // A password is set through the emailed reset link, which only exists while local accounts are on.
    const canSetOne = (providers.data?.local ?? false) && user.email !== null;
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">{ACCOUNT_MESSAGES.noPasswordYet}</p>
        {canSetOne && (
          <Button asChild variant="outline" size="sm">
            <Link href={paths.forgotPassword}>Set a password</Link>
          </Button>
        )}
      </div>
    );
  }

  if (editing) return <ChangePasswordForm email={user.email} onDone={close} />;
  return (
    <div className="flex items-end justify-between gap-4">
      <p className="text-sm text-muted-foreground">Change the password you sign in with. Your other devices are signed out when you do.</p>
      <Button ref={opener} variant="outline" size="sm" onClick={show}>
        Change<span className="sr-only"> password</span>
      </Button>
    </div>
  );
}
