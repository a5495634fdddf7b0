import { LegalSections } from '../../components/legal-sections.js';
import { usePageMeta } from '../../lib/use-page-meta.js';
import { LEGAL_LAST_UPDATED, PRIVACY_SECTIONS, TERMS_SECTIONS } from '../legal/index.js';

export default function TermsPage() {
  usePageMeta(
    'Terms and Privacy',
    'The Terms and Conditions and Privacy Policy of Community Services Marketplace: who may use the site, community rules and how we handle your data.',
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Terms and Privacy</h1>
      <p className="mt-2 text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
      <nav aria-label="On this page" className="mt-6">
        <ul className="flex flex-wrap gap-4">
          <li>
            <a href="#terms" className="text-link underline underline-offset-4 hover:no-underline">
              Terms and Conditions
            </a>
          </li>
          <li>
            <a href="#privacy" className="text-link underline underline-offset-4 hover:no-underline">
              Privacy Policy
            </a>
          </li>
        </ul>
      </nav>
      <LegalSections id="terms" title="Terms and Conditions" sections={TERMS_SECTIONS} className="mt-10" />
      <LegalSections id="privacy" title="Privacy Policy" sections={PRIVACY_SECTIONS} className="mt-12 border-t pt-10" />
    </div>
  );
}
