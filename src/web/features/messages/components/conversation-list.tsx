import { MessagesSquare } from '#web/components/icons/index.js';
import { Link } from 'wouter';
import type { Conversation } from '#shared/messaging.js';
import { paths } from '#web/core/paths.js';
import { conversationTopic, otherParticipant, participantName, shortDateTime } from '#web/components/participants.js';
import { Button } from '#web/components/ui/button.js';
import { Skeleton } from '#web/components/ui/skeleton.js';
import { cn } from '#web/lib/utils.js';
import { useConversations } from '../api/get-conversations.js';
import { ParticipantAvatar } from './participant-avatar.js';
import { UnreadCount } from './unread-count.js';

/** The left column of /messages: every conversation, newest activity first, each a link that selects it. */
export function ConversationList({ userId, selectedId }: { userId: string; selectedId: number | null }) {
  const { data: conversations, isPending, isError, refetch } = useConversations();

  if (isPending) {
    return (
      <div className="space-y-2 p-2">
        <p role="status" className="sr-only">
          Loading conversations
        </p>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }

  if (isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
        <p className="font-medium">Failed to fetch conversations</p>
        <Button variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (conversations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 p-6 text-center">
        <MessagesSquare className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="font-semibold">No conversations yet</p>
        <p className="text-sm text-muted-foreground">Start messaging by viewing a service and clicking &apos;Contact Provider&apos;.</p>
        <Button asChild variant="outline">
          <Link href={paths.services}>Browse Services</Link>
        </Button>
      </div>
    );
  }

  return (
    <ul className="space-y-1 p-2">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <ConversationLink conversation={conversation} userId={userId} selected={conversation.id === selectedId} />
        </li>
      ))}
    </ul>
  );
}

function ConversationLink({ conversation, userId, selected }: { conversation: Conversation; userId: string; selected: boolean }) {
  const other = otherParticipant(conversation, userId);
  const topic = conversationTopic(conversation);
  const last = conversation.lastMessage;
  const lastAt = last?.createdAt ?? conversation.lastMessageAt;

  return (
    <Link
      href={paths.conversation(conversation.id)}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'flex gap-3 rounded-md p-3 text-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'bg-accent text-accent-foreground',
      )}
    >
      <ParticipantAvatar participant={other} aria-hidden="true" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', conversation.unreadCount > 0 ? 'font-bold' : 'font-semibold')}>{participantName(other)}</span>
          <time dateTime={lastAt} className="shrink-0 text-xs">
            {shortDateTime(lastAt)}
          </time>
        </span>
        {topic && <span className="truncate text-sm font-medium">{topic}</span>}
        <span className="flex items-center justify-between gap-2">
          <span className="truncate text-sm opacity-90">
            {last ? `${last.fromUserId === userId ? 'You: ' : ''}${last.content}` : 'No messages yet'}
          </span>
          <UnreadCount count={conversation.unreadCount} />
        </span>
      </span>
    </Link>
  );
}
