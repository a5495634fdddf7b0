import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { loginUrl } from '../../lib/site.js';

type SignedInLinkProps = Omit<ComponentProps<'a'>, 'href'> & { signedIn: boolean; href: string };

/** A link to a page that needs an account: a router link when signed in, otherwise a full page load into sign-in. */
export function SignedInLink({ signedIn, href, ...props }: SignedInLinkProps) {
  return signedIn ? <Link href={href} {...props} /> : <a href={loginUrl()} {...props} />;
}
