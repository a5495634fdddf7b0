import { format } from 'date-fns';
import { BLOCK_TEXTS } from '#shared/member-texts.js';
import { QuerySection } from '#web/components/query-section.js';
import { UserAvatar } from '#web/components/user-avatar.js';
import { useBlockedMembers } from '../api/blocks.js';
import { UnblockButton } from './unblock-button.js';

/** The profile's 'Blocked members' section: who the person blocked, with Unblock beside each. */
export function BlockedMembersSection() {
  const blocks = useBlockedMembers();
  const members = blocks.data?.users ?? [];
  return (
    <QuerySection
      title={BLOCK_TEXTS.sectionTitle}
      help={BLOCK_TEXTS.sectionHelp}
      query={blocks}
      loadingLabel="Loading blocked members"
      failure={BLOCK_TEXTS.failure}
      empty={members.length === 0 ? BLOCK_TEXTS.sectionEmpty : null}
    >
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
    </QuerySection>
  );
}
