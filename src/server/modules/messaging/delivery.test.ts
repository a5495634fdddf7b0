// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '#shared/messaging.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { linkIn, createTestAppWithSmtp, type TestAppWithSmtp } from '#test/helpers/smtp.js';
import { SseReader } from '#test/helpers/sse.js';

/** The app listening for real (streams need a socket) and sending its outbox to a real SMTP server. */
let t: TestAppWithSmtp;
let base: string;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ PUBLIC_URL: 'https://neighbours.example' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

const post = (path: string, cookie: string, body: object) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
/** Opens the link of each person's verification email, as they would: message emails only go to confirmed addresses. */
async function confirmAddresses(...people: SignedUp[]) {
  expect(await t.app.mailer.flush()).toBe(people.length);
  for (const person of people) {
    const [mail] = t.smtp.to(person.email);
    const res = await post('/api/auth/verify-email', person.cookie, { token: linkIn(mail!, '/verify-email').token });
    expect(res.status).toBe(200);
  }
}
const stream = async (cookie: string) => {
  const res = await fetch(`${base}/api/events`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return new SseReader(res);
};

describe('delivery of a message', () => {
  it('reaches the recipient’s open tabs live, and their inbox and the sender’s copy through SMTP, once', async () => {
    const owner = await signUp(t.app);
    const writer = await signUp(t.app);
    await confirmAddresses(owner, writer);
    const listing = await createListing(t, owner.cookie, { title: 'Weekend dog walking' });
    const ownerTab = await stream(owner.cookie);
    const writerTab = await stream(writer.cookie);
    expect(await ownerTab.nextEvent()).toMatchObject({ event: 'unread', data: { type: 'unread', count: 0 } });
    expect(await writerTab.nextEvent()).toMatchObject({ event: 'unread', data: { count: 0 } });

    const res = await post('/api/conversations', writer.cookie, { serviceId: listing.id, message: 'Hi! Could you walk Rex on Saturday?', sendCopyToSender: true });
    expect(res.status).toBe(201);
    const conversation = (await res.json()) as Conversation;

    const live = await ownerTab.nextEvent();
    expect(live).toMatchObject({ event: 'message', data: { type: 'message', message: { conversationId: conversation.id, content: 'Hi! Could you walk Rex on Saturday?' } } });
    expect(await ownerTab.nextEvent()).toMatchObject({ event: 'unread', data: { count: 1 } });
    // The sender's other tabs hear of it too (and nothing about unread counts of theirs).
    expect(await writerTab.nextEvent()).toMatchObject({ event: 'message', data: { message: { fromUser: { id: writer.user.id } } } });

    // Reading in one tab tells the others.
    const read = await fetch(`${base}/api/conversations/${conversation.id}/messages`, { headers: { cookie: owner.cookie } });
    expect(read.status).toBe(200);
    expect(await ownerTab.nextEvent()).toMatchObject({ event: 'read', data: { conversationId: conversation.id } });
    expect(await ownerTab.nextEvent()).toMatchObject({ event: 'unread', data: { count: 0 } });

    const reply = await post(`/api/conversations/${conversation.id}/messages`, owner.cookie, { content: 'Yes, 9am works.' });
    expect(reply.status).toBe(201);
    const replied = (await reply.json()) as Message;
    expect(await writerTab.nextEvent()).toMatchObject({ event: 'message', data: { message: { id: replied.id, content: 'Yes, 9am works.' } } });
    await Promise.all([ownerTab.cancel(), writerTab.cancel()]);

    expect(await t.app.mailer.flush()).toBe(3);
    expect(await t.app.mailer.flush()).toBe(0);
    const [copy] = t.smtp.to(writer.email).filter((m) => m.text?.includes('Could you walk Rex'));
    const notifications = t.smtp.to(owner.email).filter((m) => m.subject?.includes('sent you a message'));
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.text).toContain('Hi! Could you walk Rex on Saturday?');
    expect(notifications[0]!.text).toContain('https://neighbours.example/messages');
    // The listing's name links to its page.
    expect(notifications[0]!.html).toContain(`<a href="https://neighbours.example/services/${listing.id}" style="color:#2563eb">Weekend dog walking</a>`);
    expect(notifications[0]!.text).not.toContain(writer.email);
    expect(copy).toBeDefined();
    expect(copy!.text).not.toContain(owner.email);
    // The writer was notified of the reply (their first unread in this conversation).
    expect(t.smtp.to(writer.email).some((m) => m.text?.includes('Yes, 9am works.'))).toBe(true);
  });
});
