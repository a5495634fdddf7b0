import { useRef, useState } from 'react';
import { Ban, EllipsisVertical } from 'lucide-react';
import { BLOCK_TEXTS } from '#shared/members.js';
import { Button } from '#web/components/ui/button.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.js';
import { BlockMemberDialog } from '../../members/index.js';

/** The conversation header's menu (issue 18): block the other member, after a confirmation. */
export function ConversationMenu({ member }: { member: { id: string; name: string } }) {
  const [confirming, setConfirming] = useState(false);
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
          <DropdownMenuItem onSelect={() => setConfirming(true)} className="text-destructive focus:text-destructive">
            <Ban aria-hidden="true" />
            {BLOCK_TEXTS.block} {member.name}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <BlockMemberDialog member={member} open={confirming} onOpenChange={setConfirming} returnFocus={trigger} />
    </>
  );
}
