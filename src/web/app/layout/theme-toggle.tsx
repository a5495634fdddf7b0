import { THEMES, type Theme } from '#shared/limits.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.js';
import { useTheme } from '../../lib/theme.js';
import { useFirstItemFocus } from '../../lib/on-demand.js';
import { THEME_ICONS, THEME_LABELS, ThemeButton } from './menu-buttons.js';

/** The theme menu (loaded on demand: navbar-menus.tsx); `defaultOpen` when it was asked for before its code came. */
export default function ThemeToggle({ defaultOpen = false, withKeyboard = false }: { defaultOpen?: boolean; withKeyboard?: boolean }) {
  const firstItemMenu = useFirstItemFocus(withKeyboard);
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeButton theme={theme} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" ref={firstItemMenu}>
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {THEMES.map((option) => {
            const OptionIcon = THEME_ICONS[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <OptionIcon aria-hidden="true" />
                {THEME_LABELS[option]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
