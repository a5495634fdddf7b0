import type { User } from '../../shared/auth.js';
import { Avatar, AvatarFallback, AvatarImage } from './ui/avatar.js';

export function displayName(user: Pick<User, 'username' | 'firstName' | 'email'>): string {
  return user.username || user.firstName || user.email || 'Member';
}

/** The user's picture, or the first letter of their name when there is none. */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  const name = displayName(user);
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
    </Avatar>
  );
}
