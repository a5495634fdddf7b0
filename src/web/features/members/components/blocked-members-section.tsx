import { format } from 'date-fns';
import { BLOCK_TEXTS } from '#shared/members.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { UserAvatar } from '#web/components/user-avatar.js';
import { useBlockedMembers } from '../api/blocks.js';
import { UnblockButton } from './unblock-button.js';

/** The profile's 'Blocked members' section: who the person blocked, with Unblock beside each. */
export function BlockedMembersSection() {
  const blocks = useBlockedMembers();
  const members = blocks.data?.users ?? [];
  return (
    <section aria-labelledby="blocked-members-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="blocked-members-title" className="text-lg font-semibold">
          {BLOCK_TEXTS.sectionTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{BLOCK_TEXTS.sectionHelp}</p>
      </div>
      {blocks.isPending ? (
        <Spinner label="Loading blocked members" />
      ) : blocks.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm">
          <p>{BLOCK_TEXTS.failure}</p>
          <Button variant="outline" size="sm" onClick={() => void blocks.refetch()}>
            Try again
          </Button>
        </div>
      ) : members.length === 0 ? (
        <p className="text-sm">{BLOCK_TEXTS.sectionEmpty}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {members.map((member) => {
            const name = member.username ?? 'Member';
            return (
              <li key={member.id} className="flex items-center gap-3 p-3">
                <UserAvatar user={member} name={name} className="size-9" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{name}</p>
                  <p className="text-xs text-muted-foreground">Blocked {format(new Date(member.blockedAt), 'MMM d, yyyy')}</p>
                </div>
                <UnblockButton member={{ id: member.id, name }} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
