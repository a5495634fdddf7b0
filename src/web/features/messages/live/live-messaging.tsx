import { useLiveEvents } from './use-live-events.js';
import { useUnreadPoll } from './use-unread-poll.js';

/**
 * Everything that keeps a member's messages current in the background: the event stream and, while it is
 * down, the unread count poll. Loaded on demand once someone is signed in, so it costs visitors nothing.
 */
export default function LiveMessaging({ userId }: { userId: string }) {
  useLiveEvents(userId);
  useUnreadPoll();
  return null;
}
