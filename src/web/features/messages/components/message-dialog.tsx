import { useRef, useState } from 'react';
import { MessageCircle } from '#web/components/icons/index.js';
import { useAuth } from '#web/core/session/index.js';
import { Button } from '#web/components/ui/button.js';
import { onDemand } from '#web/lib/on-demand.js';
import { promptSignInToMessage, refuseOwnListing, type MessageableService } from './message-prompts.js';

// The dialog and its form load when the button is first pressed (decision 068).
const messageDialog = onDemand(() => import('./message-dialog-content.js'));

/**
 * The service card's Message button and its dialog. Signed-out visitors are told to sign in and sent there;
 * the listing's owner never sees the button (the card leaves it out), and the server refuses it too.
 */
export function MessageButton({ service, variant = 'ghost' }: { service: MessageableService; variant?: 'ghost' | 'outline' }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = auth.status === 'signed-in' ? messageDialog.prefetch : undefined;

  function onClick() {
    if (auth.status !== 'signed-in') return promptSignInToMessage();
    if (auth.user.id === service.userId) return refuseOwnListing();
    setOpen(true);
    void messageDialog.preload().catch(() => setOpen(false));
  }

  return (
    <>
      <Button ref={button} variant={variant} size="sm" className={variant === 'ghost' ? 'gap-1.5 px-2' : 'gap-1.5'} aria-haspopup="dialog" onClick={onClick} onPointerEnter={prefetch} onFocus={prefetch}>
        <MessageCircle aria-hidden="true" />
        Message
      </Button>
      {/* Mounted only while open, so every opening starts again from the greeting. */}
      {open && auth.status === 'signed-in' && <messageDialog.Part service={service} user={auth.user} onClose={() => setOpen(false)} returnFocusTo={button} />}
    </>
  );
}
