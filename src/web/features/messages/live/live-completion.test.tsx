import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, LiveEvent, MessagePage } from '#shared/messaging.js';
import { MEMBER_REVIEW_TEXTS, REVIEW_TEXTS } from '#shared/review-texts.js';
import type { Completion, ReviewEligibility } from '#shared/reviews.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import MessagesPage from '../pages/messages-page.js';
import LiveMessaging from './live-messaging.js';

/** A stand-in for the browser's EventSource: the test is the server, and says when an event arrives. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(event: LiveEvent) {
    this.dispatchEvent(new MessageEvent(event.type, { data: JSON.stringify(event) }));
  }
}

const me = aUser({ id: 'member-1', username: 'neighbour' });
const person = (id: string, username: string) => ({ id, username, firstName: null, lastName: null, profileImageUrl: null });

/** A conversation about listing 5 between `me` and its other side, not completed yet. */
function conversationAbout(ownerId: string): Conversation {
  return {
    id: 9,
    participant1Id: me.id,
    participant2Id: 'member-2',
    participant1: person(me.id, me.username!),
    participant2: person('member-2', 'gardener'),
    subject: null,
    createdAt: '2026-11-28T09:00:00.000Z',
    lastMessageAt: '2026-11-28T09:05:00.000Z',
    lastMessage: null,
    unreadCount: 0,
    block: null,
    service: { id: 5, title: 'Hedge trimming', userId: ownerId, deletedAt: null, completedAt: null },
  };
}

const history: MessagePage = {
  messages: [
    {
      id: 1,
      conversationId: 9,
      content: 'Could you trim the hedge on Saturday?',
      createdAt: '2026-11-28T09:00:00.000Z',
      fromUser: person(me.id, me.username!),
      safetyFlags: [],
    },
  ],
  nextCursor: null,
};

const completion: Completion = { id: 3, serviceId: 5, conversationId: 9, completedBy: 'member-2', createdAt: '2026-11-28T10:00:00.000Z' };

/** The server's answers; `completed` turns once the other person has marked the job complete. */
function stubServer(conversation: Conversation) {
  const state = { completed: false };
  const eligibility = (): ReviewEligibility => (state.completed ? { canReview: true, completionId: completion.id } : { canReview: false, completionId: null });
  stubApi({
    'GET /api/conversations': () => ok([state.completed ? { ...conversation, service: { ...conversation.service!, completedAt: completion.createdAt } } : conversation]),
    'GET /api/conversations/9/messages': ok(history),
    'GET /api/messages/unread-count': ok({ count: 0 }),
    'GET /api/services/5/review-eligibility': () => ok(eligibility()),
    'GET /api/users/member-2/review-eligibility': () => ok(eligibility()),
    'GET /api/services/5/rating-stats': ok({ averageRating: null, reviewCount: 0 }),
  });
  return state;
}

function renderChat() {
  return renderWithApp(
    <>
      <MessagesPage />
      <LiveMessaging userId={me.id} />
    </>,
    { path: '/messages?conversation=9', signedInAs: me },
  );
}

const strip = () => screen.getByRole('region', { name: 'Service' });

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  FakeEventSource.opened = [];
});

describe('a job the other person marks complete (decision 071)', () => {
  it("shows 'Completed' and the prompt to review the listing in the open chat, without a reload", async () => {
    const server = stubServer(conversationAbout('member-2'));
    const { user } = renderChat();
    await screen.findByText('Could you trim the hedge on Saturday?');
    expect(within(strip()).getByRole('button', { name: REVIEW_TEXTS.completeButton })).toBeDefined();
    expect(within(strip()).queryByRole('button', { name: REVIEW_TEXTS.reviewListingButton })).toBeNull();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));

    server.completed = true;
    act(() => FakeEventSource.opened[0]!.emit({ type: 'completed', completion }));

    await waitFor(() => expect(within(strip()).getByRole<HTMLButtonElement>('button', { name: REVIEW_TEXTS.completedButton }).disabled).toBe(true));
    const prompt = await within(strip()).findByRole('button', { name: REVIEW_TEXTS.reviewListingButton });
    await user.click(prompt);
    const dialog = await screen.findByRole('dialog', { name: REVIEW_TEXTS.reviewListingTitle('Hedge trimming') });
    expect(within(dialog).getByText(REVIEW_TEXTS.reviewListingDescription)).toBeDefined();
  });

  it("shows the owner 'Completed' and 'Review {username}', which opens the same dialog", async () => {
    const server = stubServer(conversationAbout(me.id));
    const { user } = renderChat();
    await screen.findByText('Could you trim the hedge on Saturday?');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(within(strip()).queryByRole('button', { name: MEMBER_REVIEW_TEXTS.reviewMember('gardener') })).toBeNull();

    server.completed = true;
    act(() => FakeEventSource.opened[0]!.emit({ type: 'completed', completion: { ...completion, completedBy: 'member-2' } }));

    await waitFor(() => expect(within(strip()).getByRole<HTMLButtonElement>('button', { name: REVIEW_TEXTS.completedButton }).disabled).toBe(true));
    await user.click(await within(strip()).findByRole('button', { name: MEMBER_REVIEW_TEXTS.reviewMember('gardener') }));
    const dialog = await screen.findByRole('dialog', { name: MEMBER_REVIEW_TEXTS.dialogTitle('gardener') });
    expect(within(dialog).getByRole('group', { name: 'How was it?' })).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Submit Review' })).toBeDefined();
  });

  it('leaves a conversation the event is not about as it was', async () => {
    stubServer(conversationAbout('member-2'));
    renderChat();
    await screen.findByText('Could you trim the hedge on Saturday?');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));

    act(() => FakeEventSource.opened[0]!.emit({ type: 'completed', completion: { ...completion, id: 4, conversationId: 10, serviceId: 6 } }));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(strip()).getByRole<HTMLButtonElement>('button', { name: REVIEW_TEXTS.completeButton }).disabled).toBe(false);
    expect(within(strip()).queryByRole('button', { name: REVIEW_TEXTS.reviewListingButton })).toBeNull();
  });
});
