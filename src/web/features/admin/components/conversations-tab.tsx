import { useState } from 'react';
import { ArrowLeft } from '#web/components/icons/index.js';
import { ADMIN_TEXTS, type AdminConversation } from '#shared/admin.js';
import { participantName } from '#web/components/participants.js';
import { SAFETY_FLAG_LABELS } from '#shared/messaging-limits.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { cn } from '#web/lib/utils.js';
import { useAdminConversations, useAdminMessages } from '../api/conversations.js';
import { itemsOf } from '../api/query-keys.js';
import { dayAndTime } from './format.js';
import { PagedList, TabHeader } from './list-parts.js';

const between = (c: AdminConversation) => `${participantName(c.participant1)} and ${participantName(c.participant2)}`;

interface ConversationMessagesProps {
  conversationId: number;
  title: string;
  subtitle?: string | null;
  backLabel: string;
  onBack: () => void;
  /** A message to point out (a reported one): it is marked in the list. */
  highlight?: number;
}

/** A conversation's messages, read-only, oldest first; each page read is written to the audit log by the server. */
export function ConversationMessages({ conversationId, title, subtitle, backLabel, onBack, highlight }: ConversationMessagesProps) {
  const messages = useAdminMessages(conversationId);
  const items = itemsOf(messages.data, (page) => page.messages);
  return (
    <section aria-labelledby="admin-conversation-title" className="grid gap-4">
      <div>
        <Button variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
      </div>
      <div>
        <h2 id="admin-conversation-title" className="text-xl font-semibold [overflow-wrap:anywhere]">
          {title}
        </h2>
        {subtitle && <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{subtitle}</p>}
      </div>
      <PagedList query={messages} failure={ADMIN_TEXTS.fetchMessagesFailure}>
        {items.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{ADMIN_TEXTS.noMessages}</p>
        ) : (
          // A region of its own that scrolls (the specification, §9: about 24rem), reachable by keyboard.
          <div role="region" aria-label="Messages" tabIndex={0} className="max-h-96 overflow-y-auto rounded-lg border bg-card focus-ring">
            <ol className="divide-y">
              {items.map((message) => (
                <li key={message.id} className={cn('grid gap-1 p-3 text-sm', message.id === highlight && 'bg-amber-50 dark:bg-amber-950')}>
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium">{participantName(message.fromUser)}</span>
                    {message.id === highlight && <span className="font-medium text-amber-900 dark:text-amber-100">({ADMIN_TEXTS.reportedMessage})</span>}
                    {message.safetyFlags.length > 0 && (
                      <Badge variant="outline" className="border-amber-600/50 text-xs">
                        Shares {message.safetyFlags.map((flag) => SAFETY_FLAG_LABELS[flag]).join(', ')}
                      </Badge>
                    )}
                    <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                      {dayAndTime(message.createdAt)}
                    </time>
                  </p>
                  <p className="whitespace-pre-line [overflow-wrap:anywhere]">{message.content}</p>
                </li>
              ))}
            </ol>
          </div>
        )}
      </PagedList>
    </section>
  );
}

/** The specification (§2), Conversations: every conversation, read-only; opening one is written to the audit log. */
export function ConversationsTab() {
  const conversations = useAdminConversations();
  const [selected, setSelected] = useState<AdminConversation | null>(null);
  const total = conversations.data?.pages[0]?.total;

  if (selected) {
    return (
      <ConversationMessages
        conversationId={selected.id}
        title={between(selected)}
        subtitle={selected.subject ?? selected.service?.title}
        backLabel={ADMIN_TEXTS.backToConversations}
        onBack={() => setSelected(null)}
      />
    );
  }

  return (
    <section aria-labelledby="admin-conversations-title">
      <TabHeader
        id="admin-conversations-title"
        title={ADMIN_TEXTS.conversationsTitle}
        count={total === undefined ? undefined : `${total.toLocaleString('en-US')} ${total === 1 ? 'conversation' : 'conversations'}`}
      />
      <PagedList query={conversations} failure={ADMIN_TEXTS.fetchConversationsFailure}>
        <ul className="grid gap-2">
          {itemsOf(conversations.data, (page) => page.conversations).map((conversation) => (
            <li key={conversation.id}>
              <button
                type="button"
                onClick={() => setSelected(conversation)}
                className="grid w-full gap-1 rounded-lg border bg-card p-4 text-left text-card-foreground transition-colors hover:bg-accent focus-ring"
              >
                <span className="font-medium [overflow-wrap:anywhere]">{between(conversation)}</span>
                {(conversation.subject ?? conversation.service?.title) && (
                  <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{conversation.subject ?? conversation.service?.title}</span>
                )}
                <span className="text-xs text-muted-foreground">
                  Last message <time dateTime={conversation.lastMessageAt}>{dayAndTime(conversation.lastMessageAt)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </PagedList>
    </section>
  );
}
