import { ShieldAlert } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_SECTION_ID, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { ApiError } from '#web/lib/api.js';
import { LOGOUT_URL } from '#web/lib/site.js';

/**
 * With REQUIRE_ADMIN_2FA=1, every /api/admin call refuses an administrator whose session began without a second factor
 * (decision 061); the refusal says whether to set one up or to sign in again with it.
 */
export const needsAdminSecondFactor = (error: unknown): error is ApiError => error instanceof ApiError && error.code === 'second_factor_required';

/** In place of the tabs, whose every call would fail: what to do first, and where. */
export function SecondFactorGuidance({ step }: { step: ApiError['secondFactor'] }) {
  const signInAgain = step === 'sign_in_again';
  return (
    <section role="alert" aria-labelledby="admin-second-factor-title" className="space-y-4 rounded-md border p-4 sm:p-6">
      <h2 id="admin-second-factor-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
        {signInAgain ? TWO_STEP_PAGE_TEXTS.adminSignInAgainTitle : TWO_STEP_PAGE_TEXTS.adminGuidanceTitle}
      </h2>
      <p>{signInAgain ? TWO_STEP_TEXTS.adminSignInAgain : TWO_STEP_TEXTS.adminSecondFactorRequired}</p>
      <Button asChild>
        {signInAgain ? (
          <a href={LOGOUT_URL}>{TWO_STEP_PAGE_TEXTS.adminSignInAgainLink}</a>
        ) : (
          <Link href={`${paths.profile}#${TWO_STEP_SECTION_ID}`}>{TWO_STEP_PAGE_TEXTS.adminGuidanceLink}</Link>
        )}
      </Button>
    </section>
  );
}
