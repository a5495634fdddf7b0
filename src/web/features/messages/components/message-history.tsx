import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Flag, ShieldAlert } from '#web/components/icons/index.js';
import type { Message } from '#shared/messaging.js';
import { SAFETY_TEXTS } from '#shared/messaging-limits.js';
import { PERSON_REPORT_TEXTS } from '#shared/report-texts.js';
import { participantName, shortDateTime } from '#web/components/participants.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { cn } from '#web/lib/utils.js';
import { PersonReportDialog } from '../../reports/index.js';
import type { useMessages } from '../api/get-messages.js';

// Within this distance of the bottom the reader is following the conversation, so a new message scrolls into view.
const FOLLOW_THRESHOLD_PX = 80;

interface MessageHistoryProps {
  history: ReturnType<typeof useMessages>;
  userId: string;
  /** Who the messages are with, for the list's name. */
  label: string;
}

/** Oldest first, newest at the bottom and scrolled into view; earlier pages load when the reader reaches the top. */
export function MessageHistory({ history, userId, label }: MessageHistoryProps) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = history;
  const messages: Message[] = data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];
  const firstId = messages[0]?.id;
  const last = messages.at(-1);
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const announcer = useRef<HTMLParagraphElement>(null);
  // What the list looked like at the last render, to tell a new message at the bottom from older ones added at the top.
  const seen = useRef<{ firstId?: number; lastId?: number; scrollHeight: number; scrollTop: number; following: boolean } | null>(null);

  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node || last === undefined) return;
    const before = seen.current;
    if (!before) {
      node.scrollTop = node.scrollHeight;
    } else if (last.id !== before.lastId) {
      const mine = last.fromUser.id === userId;
      if (mine || before.following) node.scrollTop = node.scrollHeight;
      // Only what the other person writes is announced; a reader already knows what they sent.
      if (!mine && announcer.current) announcer.current.textContent = `New message from ${participantName(last.fromUser)}: ${last.content}`;
    } else if (firstId !== before.firstId) {
      // Earlier messages were added above: keep the ones being read where they were.
      node.scrollTop = before.scrollTop + (node.scrollHeight - before.scrollHeight);
    }
    seen.current = { firstId, lastId: last.id, scrollHeight: node.scrollHeight, scrollTop: node.scrollTop, following: isFollowing(node) };
  }, [firstId, last, userId]);

  useEffect(() => {
    const node = topSentinel.current;
    const root = scroller.current;
    if (!node || !root || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  function onScroll() {
    const node = scroller.current;
    if (!node || !seen.current) return;
    seen.current = { ...seen.current, scrollHeight: node.scrollHeight, scrollTop: node.scrollTop, following: isFollowing(node) };
  }

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      // Focusable so the history can be scrolled with the keyboard.
      tabIndex={0}
      role="region"
      aria-label={`Messages with ${label}`}
      className="min-h-0 flex-1 overflow-y-auto p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
    >
      <p ref={announcer} aria-live="polite" className="sr-only" />
      <div ref={topSentinel} aria-hidden="true" />
      <div className="flex min-h-8 flex-col items-center justify-center pb-3">
        {isFetchingNextPage ? (
          <Spinner label="Loading earlier messages" className="[&_svg]:size-5" />
        ) : (
          hasNextPage && (
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
              Load earlier messages
            </Button>
          )
        )}
        {isFetchNextPageError && <p className="mt-2 text-sm text-destructive">Failed to fetch messages</p>}
      </div>
      {messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">No messages in this conversation yet.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} mine={message.fromUser.id === userId} />
          ))}
        </ol>
      )}
    </div>
  );
}

function isFollowing(node: HTMLElement): boolean {
  return node.scrollHeight - node.scrollTop - node.clientHeight < FOLLOW_THRESHOLD_PX;
}

/** The reminder under a received message that shares contact or payment details, with a one-click report (decision 044). */
function SafetyNote({ message }: { message: Message }) {
  const [reporting, setReporting] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div role="note" className="mt-2 grid gap-2 rounded-md border border-amber-600/40 bg-background px-3 py-2 text-sm text-foreground">
      <p className="flex gap-2">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
        {SAFETY_TEXTS.recipientBanner}
      </p>
      <Button ref={button} variant="outline" size="sm" className="justify-self-start" onClick={() => setReporting(true)}>
        <Flag aria-hidden="true" />
        {PERSON_REPORT_TEXTS.reportMessage}
      </Button>
      <PersonReportDialog
        target={{ kind: 'message', id: message.id, name: participantName(message.fromUser) }}
        open={reporting}
        onOpenChange={setReporting}
        returnFocusTo={button}
      />
    </div>
  );
}

function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2 sm:max-w-[75%]',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{mine ? 'You' : participantName(message.fromUser)}: </span>
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.content}</p>
        {!mine && message.safetyFlags.length > 0 && <SafetyNote message={message} />}
        <time dateTime={message.createdAt} className={cn('mt-1 block text-xs', mine ? 'text-right text-primary-foreground' : 'text-muted-foreground')}>
          {shortDateTime(message.createdAt)}
        </time>
      </div>
    </li>
  );
}
