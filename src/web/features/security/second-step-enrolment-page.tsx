import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { CircleAlert, LoaderCircle } from '#web/components/icons/index.js';
import { Link, useLocation, useSearch } from 'wouter';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_SECTION_ID, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { paths } from '#web/core/paths.js';
import { useRequireAuth } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.js';
import { PageSpinner } from '#web/components/ui/spinner.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { useOpenEnrolmentLink } from './api/open-enrolment-link.js';

const twoStepOnProfile = `${paths.profile}#${TWO_STEP_SECTION_ID}`;

function Frame({ icon, title, children }: { icon?: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          {icon}
          <CardTitle as="h1">{title}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">{children}</CardContent>
      </Card>
    </div>
  );
}

function ToProfile() {
  return (
    <Button asChild variant="outline">
      <Link href={twoStepOnProfile}>{TWO_STEP_PAGE_TEXTS.goToProfile}</Link>
    </Button>
  );
}

/**
 * /profile/second-step?token=…, the link emailed to an administrator who must enrol a first second factor under
 * REQUIRE_ADMIN_2FA (decision 061). It is spent in the signed-in browser that opens it, which may then add an
 * authenticator app or a passkey for 15 minutes: so the page posts it at once and goes on to the profile's two-step
 * section. Signed out, the sign-in comes first and returns here. A mail scanner following the link has no session, so
 * it spends nothing.
 */
export default function SecondStepEnrolmentPage() {
  usePageMeta(TWO_STEP_PAGE_TEXTS.enrolmentPageTitle, 'Set up the second step of your Community Services Marketplace administrator account.');
  const auth = useRequireAuth();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const { mutate, error, reset } = useOpenEnrolmentLink();
  // A link works once: React's development double run of effects (StrictMode) must not post it twice.
  const posted = useRef<string | null>(null);

  const signedIn = auth.status === 'signed-in';

  const opened = useCallback(() => {
    toast({ title: TWO_STEP_PAGE_TEXTS.enrolmentOpened });
    // Replaced, so going back does not land on a spent link.
    navigate(twoStepOnProfile, { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!signedIn || !token || posted.current === token) return;
    posted.current = token;
    mutate({ token }, { onSuccess: opened });
  }, [signedIn, token, mutate, opened]);

  if (!signedIn) return <PageSpinner />;

  // Used, replaced, expired or another account's: a new link comes from the profile.
  const invalid = !token || (error instanceof ApiError && error.status === 400);
  if (invalid || error) {
    return (
      <Frame icon={<CircleAlert className="size-10 text-destructive" aria-hidden="true" />} title={TWO_STEP_PAGE_TEXTS.enrolmentOpenFailed}>
        <p role="alert">
          {invalid
            ? error instanceof ApiError && error.code === 'invalid_link'
              ? error.message
              : TWO_STEP_TEXTS.enrolmentLinkInvalid
            : errorMessage(error, TWO_STEP_PAGE_TEXTS.enrolmentOpenError)}
        </p>
        <div className="flex flex-col gap-3">
          {!invalid && (
            <Button
              onClick={() => {
                reset();
                mutate({ token }, { onSuccess: opened });
              }}
            >
              {TWO_STEP_PAGE_TEXTS.tryAgain}
            </Button>
          )}
          <ToProfile />
        </div>
      </Frame>
    );
  }

  return (
    <Frame title={TWO_STEP_PAGE_TEXTS.enrolmentPageTitle}>
      <p role="status" className="flex items-center justify-center gap-3 py-4">
        <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
        {TWO_STEP_PAGE_TEXTS.enrolmentOpening}
      </p>
    </Frame>
  );
}
