import { useRef, useState } from 'react';
import { Ban, EllipsisVertical, Flag } from '#web/components/icons/index.js';
import { BLOCK_TEXTS } from '#shared/member-texts.js';
import { PERSON_REPORT_TEXTS } from '#shared/report-texts.js';
import { Button } from '#web/components/ui/button.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.js';
import { BlockMemberDialog } from '../../members/index.js';
import { PersonReportDialog } from '../../reports/index.js';

/** The conversation header's menu (decisions 045 and 046): report the other member, or block them after a confirmation. */
export function ConversationMenu({ member, blockedByYou }: { member: { id: string; name: string }; blockedByYou: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* Not modal: a modal menu would still hold the focus trap when the confirmation dialog opens from it. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" className="ml-auto shrink-0">
            <EllipsisVertical aria-hidden="true" />
            <span className="sr-only">More actions for the conversation with {member.name}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setReporting(true)}>
            <Flag aria-hidden="true" />
            {PERSON_REPORT_TEXTS.reportMember(member.name)}
          </DropdownMenuItem>
          {/* Unblocking is offered where the message box was. */}
          {!blockedByYou && (
            <DropdownMenuItem onSelect={() => setConfirming(true)} className="text-destructive focus:text-destructive">
              <Ban aria-hidden="true" />
              {BLOCK_TEXTS.block} {member.name}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <BlockMemberDialog member={member} open={confirming} onOpenChange={setConfirming} returnFocus={trigger} />
      <PersonReportDialog target={{ kind: 'member', ...member }} open={reporting} onOpenChange={setReporting} returnFocusTo={trigger} />
    </>
  );
}
