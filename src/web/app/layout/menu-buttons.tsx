import type { ComponentProps } from 'react';
import { Monitor, Moon, Sun } from '../../components/icons/index.js';
import type { User } from '#shared/auth.js';
import type { Theme } from '#shared/limits.js';
import { Button } from '../../components/ui/button.js';
import { displayName, UserAvatar } from '../../components/user-avatar.js';

export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

type ButtonProps = ComponentProps<typeof Button>;

/** The theme menu's button: the menu's trigger, and what stands in its place until the menu's code arrives. */
export function ThemeButton({ theme, ...props }: ButtonProps & { theme: Theme }) {
  const Icon = THEME_ICONS[theme];
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[theme]}. Change theme`} aria-haspopup="menu" {...props}>
      <Icon aria-hidden="true" />
    </Button>
  );
}

/** The account menu's button, likewise. */
export function AccountButton({ user, ...props }: ButtonProps & { user: User }) {
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label="Open account menu" aria-haspopup="menu" {...props}>
      <UserAvatar user={user} name={displayName(user)} className="size-9" />
    </Button>
  );
}
