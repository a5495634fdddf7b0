import { useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { MessageCircle, ShieldAlert } from '#web/components/icons/index.js';
import { useLocation } from 'wouter';
import type { User } from '#shared/auth.js';
import { MESSAGE_MAX, MESSAGING_TEXTS } from '#shared/messaging-limits.js';
import type { Service } from '#shared/services.js';
import { paths } from '#web/core/paths.js';
import { useAuth } from '#web/core/session/index.js';
import { promptSignIn } from '#web/components/sign-in-prompt.js';
import { Button } from '#web/components/ui/button.js';
import { Checkbox } from '#web/components/ui/checkbox.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.js';
import { Label } from '#web/components/ui/label.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { toast } from '#web/components/ui/use-toast.js';
import { displayName } from '#web/components/user-avatar.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useStartConversation } from '../api/start-conversation.js';
import { SenderSafetyNotice, useSafetyFlags } from './safety-check.js';

type MessageableService = Pick<Service, 'id' | 'title' | 'userId' | 'listingType' | 'user'>;

const promptSignInToMessage = () => promptSignIn(MESSAGING_TEXTS.signInTitle, MESSAGING_TEXTS.signInBody);
const refuseOwnListing = () => toast({ variant: 'destructive', title: MESSAGING_TEXTS.ownListingTitle, description: MESSAGING_TEXTS.ownListing });

/** The specification (§2): the dialog opens with a greeting that names the listing. */
export function greetingFor(service: MessageableService): string {
  const name = displayName(service.user);
  return service.listingType === 'request'
    ? `Hi ${name}, I saw your request "${service.title}" and I'd be glad to help. When would suit you?`
    : `Hi ${name}, I'm interested in your service "${service.title}". Is it still available?`;
}

/**
 * The service card's Message button and its dialog. Signed-out visitors are told to sign in and sent there;
 * the listing's owner never sees the button (the card leaves it out), and the server refuses it too.
 */
export function MessageButton({ service }: { service: MessageableService }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);

  // Preventing the click's default keeps the dialog closed (Radix's trigger checks it before opening).
  function onClick(event: MouseEvent) {
    if (auth.status !== 'signed-in') {
      event.preventDefault();
      promptSignInToMessage();
    } else if (auth.user.id === service.userId) {
      event.preventDefault();
      refuseOwnListing();
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* The dialog's own trigger, so closing it gives the focus back to this button. */}
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="gap-1.5 px-2" onClick={onClick}>
          <MessageCircle aria-hidden="true" />
          Message
        </Button>
      </DialogTrigger>
      {/* Mounted only while open, so every opening starts again from the greeting. */}
      {open && auth.status === 'signed-in' && <MessageDialogContent service={service} user={auth.user} onClose={() => setOpen(false)} />}
    </Dialog>
  );
}

interface MessageDialogContentProps {
  service: MessageableService;
  user: User;
  onClose: () => void;
}

function MessageDialogContent({ service, user, onClose }: MessageDialogContentProps) {
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
