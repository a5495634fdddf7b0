import type { ComponentProps } from 'react';
import { smallAvatarUrl } from '../../shared/avatar.js';
import type { User } from '../../shared/auth.js';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.js';

export function displayName(user: Pick<User, 'username' | 'firstName' | 'email'>): string {
  return user.username || user.firstName || user.email || 'Member';
}

/** Pixel sizes of the two stored variants of a profile picture (decision 014). */
const VARIANT_PX = { small: 96, large: 512 } as const;

interface UserAvatarProps extends Omit<ComponentProps<typeof Avatar>, 'children'> {
  user: Pick<User, 'profileImageUrl'>;
  /** Whose initial to show when there is no picture. */
  name: string;
  /**
   * Empty (decorative) by default: wherever an avatar appears, the person's name is written right beside it or
   * labels the button around it, and saying it twice only adds noise for screen readers.
   */
  alt?: string;
  /** `small` (96 px, for the navbar, cards and lists) unless the picture is shown large, as on the profile page. */
  variant?: keyof typeof VARIANT_PX;
}

/** A person's picture, or the first letter of their name when there is none. */
export function UserAvatar({ user, name, alt = '', variant = 'small', ...props }: UserAvatarProps) {
  const src = variant === 'small' ? smallAvatarUrl(user.profileImageUrl) : user.profileImageUrl;
  const px = VARIANT_PX[variant];
  return (
    <Avatar {...props}>
      {src && <AvatarImage src={src} alt={alt} width={px} height={px} />}
      <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
    </Avatar>
  );
}
