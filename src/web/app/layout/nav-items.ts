import type { User } from '#shared/auth.js';
import { paths } from '../../core/paths.js';

export interface NavItem {
  label: string;
  href: string;
  /** Sign-in and sign-out go through the server, so they are full page loads rather than router links. */
  external?: boolean;
  /** Shows the unread messages count beside the label. */
  unread?: boolean;
}

export function primaryNavItems(signedIn: boolean): NavItem[] {
  return [
    { label: 'Home', href: paths.home },
    { label: 'Services', href: paths.services },
    ...(signedIn ? [{ label: 'Messages', href: paths.messages, unread: true }] : []),
    { label: 'About', href: paths.about },
  ];
}

export function accountNavItems(user: User): NavItem[] {
  return [
    { label: 'Profile', href: paths.profile },
    { label: 'My Services', href: paths.myServices },
    { label: 'Saved searches', href: paths.savedSearches },
    ...(user.isAdmin ? [{ label: 'Admin Dashboard', href: paths.admin }] : []),
  ];
}

export function isActivePath(location: string, href: string): boolean {
  return href === paths.home ? location === paths.home : location === href || location.startsWith(`${href}/`);
}
