import type { LiveEvent } from '#shared/messaging.js';
import type { EventsLogger, StreamEnd, SubscribeOptions } from './types.js';

type Listener = (event: LiveEvent) => void;

/** This process's listeners by person: what every bus delivers to in the end. */
export function createSubscribers(logger: EventsLogger) {
  // Each subscription is its own entry, so the same function subscribed twice (two tabs) is two subscriptions.
  const byUser = new Map<string, Set<{ listener: Listener } & SubscribeOptions>>();

  return {
    subscribe(userId: string, listener: Listener, options: SubscribeOptions = {}): () => void {
      const entry = { listener, ...options };
      let entries = byUser.get(userId);
      if (!entries) byUser.set(userId, (entries = new Set()));
      entries.add(entry);
      return () => {
        entries.delete(entry);
        if (entries.size === 0 && byUser.get(userId) === entries) byUser.delete(userId);
      };
    },

    deliver(userIds: string[], event: LiveEvent): void {
      for (const userId of new Set(userIds)) {
        const entries = byUser.get(userId);
        if (!entries) continue;
        // A listener may unsubscribe (its stream closes) while we deliver.
        for (const { listener } of [...entries]) {
          try {
            listener(event);
          } catch (err) {
            // One broken stream must not keep the event from the person's other tabs.
            logger.warn({ err, userId }, 'A live event listener failed');
          }
        }
      }
    },

    /** Calls `onEnd` of the person's subscriptions that `end` names. */
    end({ userId, sessionId, keepSessionId }: StreamEnd): void {
      const entries = byUser.get(userId);
      if (!entries) return;
      for (const entry of [...entries]) {
        if (sessionId !== undefined && entry.sessionId !== sessionId) continue;
        if (keepSessionId !== undefined && entry.sessionId === keepSessionId) continue;
        try {
          entry.onEnd?.();
        } catch (err) {
          logger.warn({ err, userId }, 'A live event stream failed to end');
        }
      }
    },
  };
}
