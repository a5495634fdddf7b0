import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from '#web/components/icons/index.js';
import type { User } from '#shared/auth.js';
import { MESSAGE_MAX, MESSAGING_TEXTS } from '#shared/messaging-limits.js';
import { Button } from '#web/components/ui/button.js';
import { Checkbox } from '#web/components/ui/checkbox.js';
import { Label } from '#web/components/ui/label.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { toast } from '#web/components/ui/use-toast.js';
import { useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '#web/core/cache/index.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { useSendMessage } from '../api/send-message.js';
import { clientIdFor, type FailedSend } from './client-id.js';
import { SenderSafetyNotice, useSafetyFlags } from './safety-check.js';

/** The chat's message box: Enter sends, Shift+Enter starts a new line (the specification, §2). */
export function MessageComposer({ conversationId, user }: { conversationId: number; user: User }) {
  const ids = { content: useId(), hint: useId(), copy: useId(), notice: useId() };
  const [content, setContent] = useState('');
  const [sendCopy, setSendCopy] = useState(false);
  const sendMessage = useSendMessage(conversationId);
  const queryClient = useQueryClient();
  const box = useRef<HTMLTextAreaElement>(null);
  /** Sending the failed text again reuses its key (decision 025), so a lost answer never makes a second copy. */
  const failed = useRef<FailedSend | null>(null);
  const blank = content.trim() === '';
  const flagged = useSafetyFlags(content);

  function send() {
    if (blank || sendMessage.isPending) return;
    const draft = content;
    const text = draft.trim();
    const clientId = clientIdFor(failed.current, conversationId, text);
    failed.current = null;
    // The box empties at once so the next message can be typed; a failed send puts the text back.
    setContent('');
    box.current?.focus();
    sendMessage.mutate(
      { content: text, sendCopyToSender: sendCopy, clientId },
      {
        onError: (error) => {
          // A block has come between the two since the page was read: the conversation says so, and the box gives way.
          if (error instanceof ApiError && (error.code === 'you_blocked_member' || error.code === 'cannot_message_member')) {
            void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
          }
          failed.current = { conversationId, text, clientId };
          setContent((current) => (current === '' ? draft : current));
          const reason = errorMessage(error, '');
          toast({ variant: 'destructive', title: MESSAGING_TEXTS.chatFailure, description: reason || undefined });
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method is composing, Enter confirms the composition rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-2 border-t p-3">
      <Label htmlFor={ids.content} className="sr-only">
        Message
      </Label>
      <div className="flex items-end gap-2">
        <Textarea
          ref={box}
          id={ids.content}
          rows={2}
          maxLength={MESSAGE_MAX}
          placeholder="Type your message..."
          value={content}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={flagged ? `${ids.notice} ${ids.hint}` : ids.hint}
          className="max-h-40 min-h-12 resize-none"
        />
        <Button type="submit" disabled={blank || sendMessage.isPending} className="h-12">
          <SendHorizontal aria-hidden="true" />
          Send
        </Button>
      </div>
      {flagged && <SenderSafetyNotice id={ids.notice} />}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {user.email ? (
          <div className="flex items-center gap-2">
            <Checkbox id={ids.copy} checked={sendCopy} onCheckedChange={(checked) => setSendCopy(checked === true)} />
            <Label htmlFor={ids.copy} className="font-normal">
              Send a copy of this message to my email
            </Label>
          </div>
        ) : (
          <span />
        )}
        <p id={ids.hint} className="text-xs text-muted-foreground">
          Enter to send, Shift+Enter for a new line
        </p>
      </div>
    </form>
  );
}
