import type { User } from '#shared/auth.js';
import { onDemand, useAskedFor, usePreloadWhenIdle } from '../../lib/on-demand.js';
import { useTheme } from '../../lib/theme.js';
import { AccountButton, ThemeButton } from './menu-buttons.js';

// The menus' code (Radix's dropdown and its positioning) is not needed to show a page or to react to it (decision
// 068): each button stands in its menu's place, rendered by the server too, and opens the menu once its code is here.
// The code is fetched when the browser is idle after the page has started, so a later tap opens the menu at once.
const themeMenu = onDemand(() => import('./theme-toggle.js'));
const accountMenu = onDemand(() => import('./user-menu.js'));

export function ThemeToggle() {
  const { theme } = useTheme();
  const { shown, withKeyboard, ask } = useAskedFor(themeMenu);
  usePreloadWhenIdle(themeMenu);
  if (shown) return <themeMenu.Part defaultOpen withKeyboard={withKeyboard} />;
  return <ThemeButton theme={theme} aria-expanded={false} onClick={ask} />;
}

export function UserMenu({ user }: { user: User }) {
  const { shown, withKeyboard, ask } = useAskedFor(accountMenu);
  usePreloadWhenIdle(accountMenu);
  if (shown) return <accountMenu.Part user={user} defaultOpen withKeyboard={withKeyboard} />;
  return <AccountButton user={user} aria-expanded={false} onClick={ask} />;
}
