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

  const chatOpen = selectedId !== null;
  return (
    <div
      // On a phone an open conversation has the screen (decision 071): the layout drops the footer and holds the page to
      // the screen's height, so the composer sits at the bottom and the history scrolls on its own.
      data-phone-chat={chatOpen ? '' : undefined}
      className={cn('mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8', chatOpen && 'max-md:flex max-md:h-full max-md:flex-col max-md:p-0')}
    >
      <h1 className={cn('mb-6 text-3xl font-bold tracking-tight', chatOpen && 'max-md:sr-only')}>Messages</h1>
      <div className={cn('grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[20rem_minmax(0,1fr)]', chatOpen && 'max-md:min-h-0 max-md:flex-1 max-md:grid-rows-[minmax(0,1fr)]')}>
        <section
          aria-labelledby="conversations-title"
          className={cn('flex flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm md:h-[600px]', chatOpen && 'max-md:hidden')}
        >
          <h2 id="conversations-title" className="border-b px-4 py-3 text-lg font-semibold">
            Conversations
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList userId={user.id} selectedId={selectedId} />
          </div>
        </section>
        <div className={cn(!chatOpen && 'max-md:hidden', chatOpen && 'max-md:min-h-0')}>
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
