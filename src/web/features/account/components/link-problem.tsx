import type { ReactNode } from 'react';
import { CircleAlert } from '#web/components/icons/index.js';
import { AccountCard } from './account-card.js';

/** An emailed link that cannot be used (unknown, spent or expired): what happened, and the way on. */
export function LinkProblem({ title = 'This link no longer works', message, children }: { title?: string; message: string; children: ReactNode }) {
  return (
    <AccountCard title={title} icon={<CircleAlert className="size-10 text-destructive" aria-hidden="true" />}>
      <p role="alert">{message}</p>
      <div className="flex flex-col gap-3">{children}</div>
    </AccountCard>
  );
}
