import { lazy, Suspense, useState } from 'react';
import type { User } from '#shared/auth.js';
import { useTheme } from '../../lib/theme.js';
import { AccountButton, ThemeButton } from './menu-buttons.js';

// The menus' code (Radix's dropdown and its positioning) is not needed to show a page: it arrives just after the
// entry, and until it does each button stands in its menu's place and opens the menu once it is here. A page the
// server rendered keeps the server's menu button until then (React hydrates that part when the code arrives).
const ThemeMenu = lazy(() => import('./theme-toggle.js'));
const AccountMenu = lazy(() => import('./user-menu.js'));

export function ThemeToggle() {
  const { theme } = useTheme();
  const [asked, setAsked] = useState(false);
  return (
    <Suspense fallback={<ThemeButton theme={theme} aria-expanded={false} onClick={() => setAsked(true)} />}>
      <ThemeMenu defaultOpen={asked} />
    </Suspense>
  );
}

export function UserMenu({ user }: { user: User }) {
  const [asked, setAsked] = useState(false);
  return (
    <Suspense fallback={<AccountButton user={user} aria-expanded={false} onClick={() => setAsked(true)} />}>
      <AccountMenu user={user} defaultOpen={asked} />
    </Suspense>
  );
}
