import { useQuery } from '@tanstack/react-query';
import { CircleAlert } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import type { User } from '#shared/auth.js';
import { REVIEW_VERIFY_TEXTS } from '#shared/review-texts.js';
import { paths } from '#web/core/paths.js';
import { currentUserQueryOptions } from '#web/core/session/index.js';
import { EmailVerificationStatus } from '../../account/index.js';

/**
 * What an eligible member sees instead of a review form the server would refuse (decision 022): 'Email not
 * verified' with 'Resend', or, without an address at all, the way to the profile to add one.
 */
export function VerifyToReviewNotice({ user }: { user: User }) {
  // The link is usually opened in another tab: coming back here reads the account again, and the form appears.
  useQuery({ ...currentUserQueryOptions, refetchOnWindowFocus: 'always' });

  if (user.email) return <EmailVerificationStatus user={user} hint={REVIEW_VERIFY_TEXTS.hint} />;
  return (
    <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
      <span>
        {REVIEW_VERIFY_TEXTS.noEmail}{' '}
        <Link href={paths.profile} className="font-medium text-link underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Go to your profile
        </Link>
      </span>
    </p>
  );
}
