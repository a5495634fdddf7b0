import { Link } from 'wouter';
import { UnreadCount } from '../../features/messages/components/unread-count.js';
import { LOGOUT_URL, loginUrl, SIGN_UP_URL } from '../../lib/site.js';
import { cn } from '../../lib/utils.js';
import { paths } from '../../core/paths.js';
import type { AuthState } from '../../core/session/index.js';
import { accountNavItems, isActivePath, primaryNavItems, type NavItem } from './nav-items.js';

const itemClasses =
  'block rounded-md px-3 py-2 text-base font-medium hover:bg-accent hover:text-accent-foreground focus-ring';

interface MobileMenuProps {
  id: string;
  open: boolean;
  auth: AuthState;
  location: string;
  /** Unread messages, for the badge beside 'Messages'. */
  unread: number;
}

/** The navigation bar's items for narrow screens, toggled by the menu button. */
export function MobileMenu({ id, open, auth, location, unread }: MobileMenuProps) {
  const signedIn = auth.status === 'signed-in';
  const items: NavItem[] = [
    ...primaryNavItems(signedIn),
    ...(signedIn ? [...accountNavItems(auth.user), { label: 'Post a Service', href: paths.createService }] : []),
    ...(signedIn
      ? [{ label: 'Sign out', href: LOGOUT_URL, external: true }]
      : auth.status === 'signed-out'
        ? [
            { label: 'Log in', href: loginUrl(), external: true },
            { label: 'Sign up', href: SIGN_UP_URL, external: true },
          ]
        : []),
  ];

  return (
    <nav id={id} aria-label="Mobile" hidden={!open} className="border-t md:hidden">
      <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
        {items.map((item) => {
          const active = !item.external && isActivePath(location, item.href);
          return (
            <li key={item.label}>
              {item.external ? (
                <a href={item.href} className={cn(itemClasses, 'text-foreground')}>
                  {item.label}
                </a>
              ) : (
                <Link
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(itemClasses, 'flex items-center gap-2', active ? 'text-link' : 'text-foreground')}
                >
                  {item.label}
                  {item.unread && <UnreadCount count={unread} />}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
