import { Link } from 'wouter';
import type { User } from '#shared/auth.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.js';
import { displayName } from '../../components/user-avatar.js';
import { LOGOUT_URL } from '../../lib/site.js';
import { useFirstItemFocus } from '../../lib/on-demand.js';
import { AccountButton } from './menu-buttons.js';
import { accountNavItems } from './nav-items.js';

/** The account menu (loaded on demand: navbar-menus.tsx); `defaultOpen` when it was asked for before its code came. */
export default function UserMenu({ user, defaultOpen = false, withKeyboard = false }: { user: User; defaultOpen?: boolean; withKeyboard?: boolean }) {
  const firstItemMenu = useFirstItemFocus(withKeyboard);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56" ref={firstItemMenu}>
        <DropdownMenuLabel className="truncate">{displayName(user)}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountNavItems(user).map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <Link href={item.href}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href={LOGOUT_URL}>Sign out</a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
