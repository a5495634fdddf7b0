import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { paths } from '../core/paths.js';
import { loginUrl } from '../lib/site.js';
import { Button } from './ui/button.js';

type SignedInLinkProps = Omit<ComponentProps<'a'>, 'href'> & { signedIn: boolean; href: string };

/** A link to a page that needs an account: a router link when signed in, otherwise a full page load into sign-in. */
export function SignedInLink({ signedIn, href, ...props }: SignedInLinkProps) {
  return signedIn ? <Link href={href} {...props} /> : <a href={loginUrl()} {...props} />;
}

/** The spec's pair 'Offer a Service' and 'Request Services' (home hero and browse page), sending signed-out visitors to sign in. */
export function OfferAndRequestButtons({ signedIn, offerVariant = 'default' }: { signedIn: boolean; offerVariant?: 'default' | 'outline' }) {
  return (
    <>
      <Button asChild size="lg" variant={offerVariant}>
        <SignedInLink signedIn={signedIn} href={paths.createService}>
          Offer a Service
        </SignedInLink>
      </Button>
      <Button asChild size="lg" variant="outline">
        <SignedInLink signedIn={signedIn} href={paths.requestService}>
          Request Services
        </SignedInLink>
      </Button>
    </>
  );
}
