import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../core/paths.js';
import { useRequireAuth } from '../../core/session/index.js';
import { LegalSections } from '../../components/legal-sections.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Checkbox } from '../../components/ui/checkbox.js';
import { Label } from '../../components/ui/label.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/use-toast.js';
import { errorMessage } from '../../lib/api.js';
import { usePageMeta } from '../../lib/use-page-meta.js';
import { useAcceptTerms } from '../auth/index.js';
import { LEGAL_LAST_UPDATED, PRIVACY_SECTIONS, TERMS_SECTIONS } from '../legal/index.js';

// The acceptance screen shows the whole of the terms but only the first three privacy sections.
const PRIVACY_SUMMARY = PRIVACY_SECTIONS.slice(0, 3);

export default function AcceptTermsPage() {
  usePageMeta('Accept the Terms', 'Read and accept the Terms of Service and Community Guidelines to start using Community Services Marketplace.');
  const auth = useRequireAuth();
  const [, navigate] = useLocation();
  const [agreed, setAgreed] = useState(false);
  const acceptTerms = useAcceptTerms();
  const alreadyAccepted = auth.status === 'signed-in' && auth.user.termsAccepted;

  // Only a user who arrives having already accepted is sent on here; after accepting, the success handler navigates.
  useEffect(() => {
    if (alreadyAccepted && acceptTerms.isIdle) navigate(paths.home, { replace: true });
  }, [alreadyAccepted, acceptTerms.isIdle, navigate]);

  if (auth.status !== 'signed-in' || (alreadyAccepted && acceptTerms.isIdle)) return <PageSpinner />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!agreed) {
      toast({
        variant: 'destructive',
        title: 'Please read and accept the terms',
        description: 'You must accept the terms and conditions to continue.',
      });
      return;
    }
    acceptTerms.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: 'Welcome to the community!',
          description: 'Thank you for accepting our terms. You can now access all features.',
        });
        navigate(paths.home, { replace: true });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Failed to accept terms',
          description: errorMessage(error, 'Please try again later.'),
        });
      },
    });
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-3xl">
            Welcome to Our Community!
          </CardTitle>
          <CardDescription className="text-base">
            Before you start offering or finding services, please read and accept our Terms of Service and
            Community Guidelines. Last updated: {LEGAL_LAST_UPDATED}.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div
            role="region"
            aria-label="Terms of Service and Privacy Policy"
            tabIndex={0}
            className="h-96 space-y-10 overflow-y-auto rounded-md border bg-muted p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-6"
          >
            <LegalSections id="accept-terms" title="Terms and Conditions" sections={TERMS_SECTIONS} />
            <LegalSections id="accept-privacy" title="Privacy Policy" sections={PRIVACY_SUMMARY} />
          </div>
          <form onSubmit={onSubmit} className="space-y-6">
            <div className="flex items-start gap-3">
              <Checkbox
                id="accept-terms-checkbox"
                checked={agreed}
                onCheckedChange={(checked) => setAgreed(checked === true)}
                className="mt-0.5"
              />
              <Label htmlFor="accept-terms-checkbox" className="leading-snug">
                I have read and agree to the Terms of Service and Community Guidelines
              </Label>
            </div>
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!agreed || acceptTerms.isPending}>
              {acceptTerms.isPending ? 'Processing...' : 'Accept Terms & Continue'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
