import { Ban } from '#web/components/icons/index.js';
import { BLOCK_TEXTS, type BlockState } from '#shared/member-texts.js';
import { UnblockButton } from './unblock-button.js';

/**
 * What takes the place of a conversation's message box while a block stands (decision 045): each side reads the refusal
 * it would get on sending; the blocker can unblock from here.
 */
export function BlockNotice({ block, member }: { block: NonNullable<BlockState>; member: { id: string; name: string } }) {
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-3 border-t bg-muted/50 p-4 text-sm">
      <p className="flex items-center gap-2">
        <Ban aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {block === 'by_you' ? BLOCK_TEXTS.youBlocked : BLOCK_TEXTS.cannotMessage}
      </p>
      {block === 'by_you' && <UnblockButton member={member} />}
    </div>
  );
}
