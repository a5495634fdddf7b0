import { ExternalLink } from '../../components/icons/index.js';
import { Link } from 'wouter';
import { SITE_NAME, SOCIAL_PROFILE } from '../../lib/site.js';
import { paths } from '../../core/paths.js';

const FOOTER_LINKS = [
  { label: 'About', href: paths.about },
  { label: 'Services', href: paths.services },
  { label: 'Terms and Privacy', href: paths.terms },
  { label: 'Contact', href: paths.contact },
] as const;

const linkClasses =
  'rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function Footer() {
  return (
    // Not under a phone's open conversation (decision 071): the messages have the screen, and the way out is the navigation bar.
    <footer className="border-t bg-muted max-md:[:root:has([data-phone-chat])_&]:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClasses}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-3 md:items-end">
          <a
            href={SOCIAL_PROFILE.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Follow us on {SOCIAL_PROFILE.network}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <p className="text-sm text-muted-foreground">
            &copy; {new Date().getFullYear()} {SITE_NAME}
          </p>
        </div>
      </div>
    </footer>
  );
}
