import { useSearchParams } from 'wouter';
import type { User } from '#shared/auth.js';
import { useRequireAuth } from '#web/core/session/index.js';
import { PageSpinner } from '#web/components/ui/spinner.js';
import { usePageMeta } from '#web/lib/use-page-meta.js';
import { cn } from '#web/lib/utils.js';
import { useConversations } from '../api/get-conversations.js';
import { ChatPanel, NoConversationSelected } from '../components/chat-panel.js';
import { ConversationList } from '../components/conversation-list.js';

function selectedConversation(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /messages: the conversation list at left and the chat at right; the chosen conversation lives in the
 * address (?conversation=id). On phones the list and the chat take turns, with a way back to the list.
 */
export default function MessagesPage() {
  usePageMeta('Messages', 'Your conversations with neighbours about their services, and with our team.');
  const auth = useRequireAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;
  return <Messages user={auth.user} />;
}

function Messages({ user }: { user: User }) {
  const [searchParams] = useSearchParams();
  const selectedId = selectedConversation(searchParams.get('conversation'));
  const { data: conversations } = useConversations();
  const selected = conversations?.find((c) => c.id === selectedId);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className={cn('mb-6 text-3xl font-bold tracking-tight', selectedId !== null && 'max-md:sr-only')}>Messages</h1>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[20rem_minmax(0,1fr)]">
        <section
          aria-labelledby="conversations-title"
          className={cn('flex flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm md:h-[600px]', selectedId !== null && 'max-md:hidden')}
        >
          <h2 id="conversations-title" className="border-b px-4 py-3 text-lg font-semibold">
            Conversations
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList userId={user.id} selectedId={selectedId} />
          </div>
        </section>
        <div className={cn(selectedId === null && 'max-md:hidden')}>
          {selectedId === null ? (
            <NoConversationSelected />
          ) : (
            <ChatPanel key={selectedId} conversationId={selectedId} conversation={selected} user={user} />
          )}
        </div>
      </div>
    </div>
  );
}
