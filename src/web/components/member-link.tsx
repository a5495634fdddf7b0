import type { ReactNode } from 'react';
import { BadgeCheck } from './icons/index.js';
import { Link } from 'wouter';
import { DELETED_USER_NAME } from '#shared/account-texts.js';
import { MEMBER_PAGE_TEXTS } from '#shared/member-texts.js';
import { paths } from '../core/paths.js';
import { cn } from '../lib/utils.js';

/** The member page a username leads to, or null where there is none (no username, or a deleted account). */
export function memberPath(username: string | null | undefined): string | null {
  return username && username !== DELETED_USER_NAME ? paths.member(username) : null;
}

/**
 * A person's name leading to their member page (decision 049), or the name alone where there is no page to go to.
 * Not a link inside another link: where a whole row is one, pass `link={false}`.
 */
export function MemberLink({ username, children, className, link = true }: { username: string | null | undefined; children: ReactNode; className?: string; link?: boolean }) {
  const href = link ? memberPath(username) : null;
  if (!href) return <span className={className}>{children}</span>;
  return (
    <Link href={href} className={cn('rounded-sm underline-offset-4 hover:underline focus-ring', className)}>
      {children}
    </Link>
  );
}

/** The check beside a name whose email address is confirmed; says so to screen readers and on hover. */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center', className)} title={MEMBER_PAGE_TEXTS.emailVerified}>
      <BadgeCheck className="size-4 text-sky-700 dark:text-sky-400" aria-hidden="true" />
      <span className="sr-only">{MEMBER_PAGE_TEXTS.emailVerified}</span>
    </span>
  );
}
