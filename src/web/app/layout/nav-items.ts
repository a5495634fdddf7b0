import type { User } from '../../../shared/auth.js';

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
    { label: 'Home', href: '/' },
    { label: 'Services', href: '/services' },
    ...(signedIn ? [{ label: 'Messages', href: '/messages', unread: true }] : []),
    { label: 'About', href: '/about' },
  ];
}

export function accountNavItems(user: User): NavItem[] {
  return [
    { label: 'Profile', href: '/profile' },
    { label: 'My Services', href: '/my-services' },
    ...(user.isAdmin ? [{ label: 'Admin Dashboard', href: '/admin' }] : []),
  ];
}

export function isActivePath(location: string, href: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}
