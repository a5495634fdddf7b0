import { useState } from 'react';
import { Menu, Plus, X } from '../../components/icons/index.js';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { useUnreadCount } from '../../features/messages/api/get-unread-count.js';
import { UnreadCount } from '../../features/messages/components/unread-count.js';
import { loginUrl, SITE_NAME, SIGN_UP_URL } from '../../lib/site.js';
import { cn } from '../../lib/utils.js';
import { paths } from '../../core/paths.js';
import { useAuth } from '../../core/session/index.js';
import { MobileMenu } from './mobile-menu.js';
import { isActivePath, primaryNavItems } from './nav-items.js';
import { ThemeToggle, UserMenu } from './navbar-menus.js';

const MOBILE_MENU_ID = 'mobile-menu';

export function Navbar() {
  const auth = useAuth();
  const unread = useUnreadCount(auth.status === 'signed-in' && auth.user.termsAccepted);
  const [location] = useLocation();
  // The menu belongs to the page it was opened on, so following one of its links leaves it closed.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          href={paths.home}
          className="flex min-w-0 items-center gap-2 rounded-md font-bold text-foreground focus-ring"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
          <span className="text-sm leading-tight sm:text-lg">{SITE_NAME}</span>
        </Link>

        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {primaryNavItems(auth.status === 'signed-in').map((item) => {
              const active = isActivePath(location, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-ring',
                      active ? 'text-link' : 'text-muted-foreground',
                    )}
                  >
                    {item.label}
                    {item.unread && <UnreadCount count={unread} />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <div className="hidden items-center gap-2 md:flex">
            {auth.status === 'loading' && <Skeleton className="h-9 w-40" />}
            {auth.status === 'signed-in' && (
              <>
                <Button asChild size="sm">
                  <Link href={paths.createService}>
                    <Plus aria-hidden="true" />
                    Post a Service
                  </Link>
                </Button>
                <UserMenu user={auth.user} />
              </>
            )}
            {auth.status === 'signed-out' && (
              <>
                <Button asChild variant="ghost" size="sm">
                  <a href={loginUrl()}>Log in</a>
                </Button>
                <Button asChild size="sm">
                  <a href={SIGN_UP_URL}>Sign up</a>
                </Button>
              </>
            )}
          </div>
          <ThemeToggle />
          <Button
            variant="ghost"
            size="icon"
            className="relative md:hidden"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? 'Close menu' : unread > 0 ? `Open menu, ${unread} unread messages` : 'Open menu'}
            onClick={() => setMenuOpenedAt(menuOpen ? null : location)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            {/* On phones the Messages link is inside the menu: a dot on the button says something is waiting there. */}
            {!menuOpen && unread > 0 && <span aria-hidden="true" className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-destructive ring-2 ring-background" />}
          </Button>
        </div>
      </div>
      <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} auth={auth} location={location} unread={unread} />
    </header>
  );
}
