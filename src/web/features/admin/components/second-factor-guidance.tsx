import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_SECTION_ID, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { ApiError } from '#web/lib/api.js';

/** With REQUIRE_ADMIN_2FA=1, every /api/admin call refuses an administrator without a second factor (decision 054). */
export const needsAdminSecondFactor = (error: unknown) => error instanceof ApiError && error.code === 'second_factor_required';

/** In place of the tabs, whose every call would fail: what to set up first, and where. */
export function SecondFactorGuidance() {
  return (
    <section role="alert" aria-labelledby="admin-second-factor-title" className="space-y-4 rounded-md border p-4 sm:p-6">
      <h2 id="admin-second-factor-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
        {TWO_STEP_PAGE_TEXTS.adminGuidanceTitle}
      </h2>
      <p>{TWO_STEP_TEXTS.adminSecondFactorRequired}</p>
      <Button asChild>
        <Link href={`${paths.profile}#${TWO_STEP_SECTION_ID}`}>{TWO_STEP_PAGE_TEXTS.adminGuidanceLink}</Link>
      </Button>
    </section>
  );
}
