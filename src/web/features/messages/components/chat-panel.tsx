import { useLayoutEffect, useRef, type RefObject } from 'react';
import { ArrowLeft, MessagesSquare } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import type { User } from '#shared/auth.js';
import type { Conversation } from '#shared/messaging.js';
import { paths } from '#web/core/paths.js';
import { MemberLink } from '#web/components/member-link.js';
import { conversationTopic, otherParticipant, participantName } from '#web/components/participants.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { ApiError } from '#web/lib/api.js';
import { cn } from '#web/lib/utils.js';
import { DELETED_USER_NAME } from '#shared/account-texts.js';
import { BlockNotice } from '../../members/index.js';
import { CompleteButton, ConversationReviews, MemberReviewButton } from '../../reviews/index.js';
import { useMessages } from '../api/get-messages.js';
import { ConversationMenu } from './conversation-menu.js';
import { ConversationServiceStrip } from './conversation-service-strip.js';
import { MessageComposer } from './message-composer.js';
import { MessageHistory } from './message-history.js';
import { ParticipantAvatar } from './participant-avatar.js';

// The specification (§9): the chat panel is 600px tall.
export const chatPanelClasses = 'flex h-[600px] flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm';
// On a phone, an open conversation fills the screen below the navigation bar, edge to edge (decision 071).
const phoneChatClasses = 'max-md:h-full max-md:rounded-none max-md:border-0 max-md:shadow-none';

/**
 * Where a phone's toasts start (decision 071): below this conversation's header, which the 'Message sent!' that
 * brought the person here would otherwise cover. The toasts' viewport reads the variable on a phone's open chat only.
 */
function useToastsBelow(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const node = header.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--chat-header-bottom', `${Math.ceil(node.getBoundingClientRect().bottom)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--chat-header-bottom');
    };
  }, [header]);
}

function BackToConversations() {
  return (
    <Button asChild variant="ghost" size="icon" className="md:hidden">
      <Link href={paths.messages}>
        <ArrowLeft aria-hidden="true" />
        <span className="sr-only">Back to conversations</span>
      </Link>
    </Button>
  );
}

interface ChatPanelProps {
  conversationId: number;
  /** From the conversation list; undefined until the list has it (a conversation started a moment ago). */
  conversation: Conversation | undefined;
  user: User;
}

/** The right-hand side of /messages: who and what the conversation is about, its history and the message box. */
export function ChatPanel({ conversationId, conversation, user }: ChatPanelProps) {
  const history = useMessages(conversationId);
  // Until the list has the conversation (one started a moment ago), its history tells who is on the other side.
  const other = conversation
    ? otherParticipant(conversation, user.id)
    : (history.data?.pages.flatMap((page) => page.messages).find((m) => m.fromUser.id !== user.id)?.fromUser ?? null);
  const name = other ? participantName(other) : 'Conversation';
  const topic = conversation ? conversationTopic(conversation) : null;
  const { refetch } = history;

  const missing = history.error instanceof ApiError && (history.error.status === 403 || history.error.status === 404);
  // Between members only: the team's conversations (with a subject) are never blocked, nor is a deleted account.
  const member = conversation && other && conversation.subject === null && other.username !== DELETED_USER_NAME ? { id: other.id, name } : null;
  const block = conversation?.block ?? null;
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);

  return (
    <div className={cn(chatPanelClasses, phoneChatClasses)}>
      <header ref={header} className="flex items-center gap-3 border-b p-3">
        <BackToConversations />
        {other && <ParticipantAvatar participant={other} />}
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">
            {/* A member's name leads to their page; the team's account has none. */}
            <MemberLink username={member ? other?.username : null}>{name}</MemberLink>
          </h2>
          {topic && <p className="truncate text-sm text-muted-foreground">{topic}</p>}
        </div>
        {member && <ConversationMenu member={member} blockedByYou={block === 'by_you'} />}
      </header>

      {history.isPending ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label="Loading messages" />
        </div>
      ) : history.isError ? (
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="font-medium">{missing ? 'This conversation could not be found.' : 'Failed to fetch messages'}</p>
          {missing ? (
            <Button asChild variant="outline">
              <Link href={paths.messages}>Back to conversations</Link>
            </Button>
          ) : (
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          )}
        </div>
      ) : (
        <>
          <MessageHistory history={history} userId={user.id} label={name} />
          {conversation?.service && <ServiceStrip conversation={conversation} service={conversation.service} userId={user.id} member={member} />}
          {block && member ? <BlockNotice block={block} member={member} /> : <MessageComposer conversationId={conversationId} user={user} />}
        </>
      )}
    </div>
  );
}

interface ServiceStripProps {
  conversation: Conversation;
  service: NonNullable<Conversation['service']>;
  userId: string;
  /** The other member (not a deleted account): the owner may review them once the job is complete (decision 048). */
  member: { id: string; name: string } | null;
}

/** The listing this conversation is about, with completing the job, its reviews (decision 011) and the owner's review of the other member. */
function ServiceStrip({ conversation, service, userId, member }: ServiceStripProps) {
  const completed = service.completedAt !== null;
  const isOwner = service.userId === userId;
  // A deleted listing can no longer be completed; one completed before keeps saying so.
  const action =
    completed || service.deletedAt === null ? (
      <CompleteButton serviceId={service.id} conversationId={conversation.id} completed={completed} isOwner={isOwner} />
    ) : undefined;
  return (
    <ConversationServiceStrip service={service} action={action}>
      {member && <MemberReviewButton member={{ id: member.id, username: member.name }} enabled={isOwner && completed} />}
      <ConversationReviews serviceId={service.id} title={service.title} />
    </ConversationServiceStrip>
  );
}

/** Shown beside the list on wide screens until a conversation is chosen. */
export function NoConversationSelected() {
  return (
    <div className={cn(chatPanelClasses, 'items-center justify-center gap-3 p-6 text-center')}>
      <MessagesSquare className="size-12 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-semibold">Select a conversation</p>
      <p className="max-w-sm text-sm text-muted-foreground">Choose a conversation from the list to read its messages and reply.</p>
    </div>
  );
}
