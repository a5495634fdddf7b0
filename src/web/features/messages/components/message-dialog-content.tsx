import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ShieldAlert } from '#web/components/icons/index.js';
import { useLocation } from 'wouter';
import type { User } from '#shared/auth.js';
import { MESSAGE_MAX, MESSAGING_TEXTS } from '#shared/messaging-limits.js';
import { paths } from '#web/core/paths.js';
import { Button } from '#web/components/ui/button.js';
import { Checkbox } from '#web/components/ui/checkbox.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.js';
import { Label } from '#web/components/ui/label.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { toast } from '#web/components/ui/use-toast.js';
import { displayName } from '#web/components/user-avatar.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useStartConversation } from '../api/start-conversation.js';
import { greetingFor, promptSignInToMessage, refuseOwnListing, type MessageableService } from './message-prompts.js';
import { SenderSafetyNotice, useSafetyFlags } from './safety-check.js';

interface MessageDialogProps {
  service: MessageableService;
  user: User;
  onClose: () => void;
  /** The Message button: focus goes back to it when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The message dialog, loaded when the Message button is first pressed (decision 068). */
export default function MessageDialog(props: MessageDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <MessageDialogContent {...props} />
    </Dialog>
  );
}

function MessageDialogContent({ service, user, onClose, returnFocusTo }: MessageDialogProps) {
  const ids = { message: useId(), copy: useId(), copyNote: useId(), safety: useId(), notice: useId() };
  const [, navigate] = useLocation();
  const [message, setMessage] = useState(() => greetingFor(service));
  const [sendCopy, setSendCopy] = useState(false);
  const startConversation = useStartConversation();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const blank = message.trim() === '';
  const flagged = useSafetyFlags(message);
  const provider = displayName(service.user);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (startConversation.isPending) return;
    if (blank) {
      toast({ variant: 'destructive', title: MESSAGING_TEXTS.blankTitle, description: MESSAGING_TEXTS.blank });
      return;
    }
    startConversation.mutate(
      { participantId: service.userId, serviceId: service.id, message: message.trim(), sendCopyToSender: sendCopy },
      {
        onSuccess: (conversation) => {
          toast({ title: MESSAGING_TEXTS.sentTitle, description: MESSAGING_TEXTS.sentBody });
          onClose();
          navigate(paths.conversation(conversation.id));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return promptSignInToMessage();
          if (error instanceof ApiError && error.code === 'own_listing') return refuseOwnListing();
          toast({ variant: 'destructive', title: MESSAGING_TEXTS.failureTitle, description: errorMessage(error, MESSAGING_TEXTS.failure) });
        },
      },
    );
  }

  return (
    <DialogContent
      onOpenAutoFocus={(event) => {
        // The message is what a person came to edit: start there, at the end of the greeting.
        event.preventDefault();
        const box = textarea.current;
        box?.focus();
        box?.setSelectionRange(box.value.length, box.value.length);
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
    >
      <form onSubmit={onSubmit} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{service.listingType === 'request' ? 'Contact Requester' : 'Contact Provider'}</DialogTitle>
          <DialogDescription>
            Send {provider} a message about &ldquo;{service.title}&rdquo;. Replies arrive in your Messages.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <Label htmlFor={ids.message}>Message</Label>
          <Textarea
            ref={textarea}
            id={ids.message}
            rows={6}
            maxLength={MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-describedby={flagged ? `${ids.notice} ${ids.safety}` : ids.safety}
          />
          {flagged && <SenderSafetyNotice id={ids.notice} />}
        </div>

        {user.email && (
          <div className="space-y-1">
            <div className="flex items-center gap-3">
              <Checkbox
                id={ids.copy}
                checked={sendCopy}
                onCheckedChange={(checked) => setSendCopy(checked === true)}
                aria-describedby={user.emailVerified ? undefined : ids.copyNote}
              />
              {/* The spec's words as they are, shown with a capital like every other label. */}
              <Label htmlFor={ids.copy} className="inline-block first-letter:uppercase">
                send a copy to my email
              </Label>
            </div>
            {/* The server writes copies only to confirmed addresses (decision 014): say so rather than fail silently. */}
            {!user.emailVerified && (
              <p id={ids.copyNote} className="pl-7 text-sm text-muted-foreground">
                Copies are sent once you confirm your email address from your Profile.
              </p>
            )}
          </div>
        )}

        <div id={ids.safety} className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <strong>Stay safe:</strong> keep phone numbers, addresses and payment details (bank or card numbers) out of
            your messages until you trust the other person. Payments are arranged between you, never through this site.
          </p>
        </div>

        <p className="text-sm text-muted-foreground">
          By sending, you agree to our{' '}
          <a href={paths.terms} target="_blank" rel="noopener noreferrer" className="font-medium text-link underline underline-offset-4">
            Terms of Service
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>

        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={startConversation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank || startConversation.isPending}>
            {startConversation.isPending ? 'Sending...' : 'Send'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
