// engines: one — no database
import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX } from '#shared/messaging.js';
import type { Email } from './mailer.js';
import { excerpt, layoutEmail, messageCopyEmail, newMessageEmail, NOTIFICATION_EXCERPT_CHARS } from './templates.js';

const PUBLIC_URL = 'https://market.example.test';
const TO = 'reader@example.test';
const HOSTILE = '<script>alert("hi")</script> & <img src=x onerror=alert(1)>';

const notification = (content: string, extra: Partial<Parameters<typeof newMessageEmail>[0]> = {}) =>
  newMessageEmail({ to: TO, senderName: 'alice', subject: 'Dog walking', content, publicUrl: PUBLIC_URL, ...extra });
const copy = (content: string, extra: Partial<Parameters<typeof messageCopyEmail>[0]> = {}) =>
  messageCopyEmail({ to: TO, recipientName: 'bob', subject: 'Dog walking', content, publicUrl: PUBLIC_URL, ...extra });

const everything = (email: Email) => `${email.subject}\n${email.text}\n${email.html}`;
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

describe('new message notification', () => {
  it('names the sender, quotes the message, links to /messages and says how to turn notifications off', () => {
    const email = notification('Is Saturday morning still free?');
    expect(email).toMatchObject({ kind: 'message-notification', to: TO, subject: 'alice sent you a message about "Dog walking"' });
    expect(email.text).toContain('alice sent you a message about "Dog walking"');
    expect(email.text).toContain('Is Saturday morning still free?');
    expect(email.text).toContain(`${PUBLIC_URL}/messages`);
    expect(email.text).toContain(`open your Profile page and switch off`);
    expect(email.text).toContain(`Profile page:\n${PUBLIC_URL}/profile\n`);
    expect(email.html).toContain(`<a href="${PUBLIC_URL}/profile" style="color:#2563eb">Profile page</a>`);
    expect(email.text).toContain('"Email notifications for direct messages"');
    expect(email.html).toContain(`href="${PUBLIC_URL}/messages"`);
    expect(email.html).toContain('Is Saturday morning still free?');
  });

  it("links the listing's name to its page when the conversation is about one", () => {
    const email = notification('Is Saturday morning still free?', { serviceId: 42 });
    expect(email.html).toContain(`about &quot;<a href="${PUBLIC_URL}/services/42" style="color:#2563eb">Dog walking</a>&quot; on`);
    expect(email.text).toContain(`alice sent you a message about "Dog walking" on`);
    expect(email.text).toContain(`\nDog walking:\n${PUBLIC_URL}/services/42\n`);
    expect(email.subject).toBe('alice sent you a message about "Dog walking"');
    expect(notification('Hi').html).not.toContain('/services/');
  });

  it('escapes a listing name that links to its page', () => {
    const email = notification('Hi', { serviceId: 7, subject: HOSTILE });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</a>');
  });

  it('without a subject, says only who wrote', () => {
    expect(notification('Hello', { subject: null }).subject).toBe('alice sent you a message');
  });

  it('quotes at most about 500 characters of a long message, with an ellipsis', () => {
    const long = `${'word '.repeat(300)}THE-END`;
    const email = notification(long);
    expect(email.text).not.toContain('THE-END');
    expect(email.html).not.toContain('THE-END');
    const quoted = excerpt(long);
    expect(quoted.endsWith('…')).toBe(true);
    expect(quoted.length).toBeLessThanOrEqual(NOTIFICATION_EXCERPT_CHARS + 1);
    expect(quoted.length).toBeGreaterThan(NOTIFICATION_EXCERPT_CHARS * 0.8);
    expect(email.text).toContain(quoted);
  });

  it('never cuts an emoji in half', () => {
    const quoted = excerpt('🐕'.repeat(600));
    expect(quoted).toBe(`${'🐕'.repeat(NOTIFICATION_EXCERPT_CHARS)}…`);
  });
});

describe('copy to the sender', () => {
  it('says whom the message went to and carries the whole message', () => {
    const content = `${'a'.repeat(MESSAGE_MAX - 3)}END`;
    const email = copy(content);
    expect(email).toMatchObject({ kind: 'message-copy', to: TO, subject: 'Copy of your message to bob about "Dog walking"' });
    expect(email.text).toContain('a copy of the message you sent to bob about "Dog walking"');
    expect(email.text).toContain(content);
    expect(email.text).toContain(`${PUBLIC_URL}/messages`);
    expect(email.html).toContain(`href="${PUBLIC_URL}/messages"`);
  });
});

describe('both emails', () => {
  it.each([
    ['notification', notification(HOSTILE, { senderName: '<b>eve</b>', subject: '"><svg onload=alert(1)>' })],
    ['copy', copy(HOSTILE, { recipientName: '<b>eve</b>', subject: '"><svg onload=alert(1)>' })],
  ])('%s: escapes everything a person wrote in the HTML', (_name, email) => {
    expect(email.html).not.toMatch(/<script|<img|<svg|<b>/i);
    expect(email.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('&lt;b&gt;eve&lt;/b&gt;');
    // The plain-text part is the message as written.
    expect(email.text).toContain(HOSTILE);
  });

  it.each([
    ['notification', notification('See you then', { senderName: 'alice' })],
    ['copy', copy('See you then', { recipientName: 'bob' })],
  ])('%s: contains no email address but the To', (_name, email) => {
    const found = everything(email).match(EMAIL_ADDRESS) ?? [];
    expect(found.filter((address) => address !== TO)).toEqual([]);
  });

  it('keep a subject on one line whatever the listing title holds', () => {
    const email = notification('Hi', { subject: 'Dog\r\nBcc: victim@example.test\nwalking' });
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toBe('alice sent you a message about "Dog Bcc: victim@example.test walking"');
  });
});

describe('the text part (decision 063)', () => {
  /** Every address in a text, and whether each is alone on its line. */
  const addressLines = (text: string) =>
    text.split('\n').flatMap((line) => (line.includes('://') ? [{ line, alone: /^https?:\/\/\S+$/.test(line) }] : []));

  it('puts every link of the layout, in the intro, the list, the button and the footer, alone on a line of its own', () => {
    const email = layoutEmail('test', TO, 'Everything', {
      intro: ['New listings near ', { text: 'your home', href: `${PUBLIC_URL}/services?near=home` }, ' today.'],
      items: [
        { text: 'Piano lessons', href: `${PUBLIC_URL}/services/1`, detail: 'Music' },
        { text: 'Dog walking', href: `${PUBLIC_URL}/services/2` },
      ],
      link: { href: `${PUBLIC_URL}/services?q=all`, label: 'See all matches' },
      footer: ['You can ', { text: 'manage them', href: `${PUBLIC_URL}/saved-searches` }, ' or ', { text: 'stop these emails', href: `${PUBLIC_URL}/unsubscribe?token=abc` }, '.'],
    });
    const lines = addressLines(email.text);
    expect(lines.map((l) => l.line)).toEqual([
      `${PUBLIC_URL}/services?near=home`,
      `${PUBLIC_URL}/services/1`,
      `${PUBLIC_URL}/services/2`,
      `${PUBLIC_URL}/services?q=all`,
      `${PUBLIC_URL}/saved-searches`,
      `${PUBLIC_URL}/unsubscribe?token=abc`,
    ]);
    expect(email.text).toContain('New listings near your home today.\n');
    expect(email.text).toContain('- Piano lessons (Music)\nhttps://');
    expect(email.text).toContain('See all matches:\nhttps://');
    expect(email.text).toContain('You can manage them or stop these emails.\n');
    expect(email.text).toContain('stop these emails:\nhttps://');
  });

  it.each([
    ['notification', notification('Is Saturday morning still free?', { serviceId: 42 })],
    ['copy', copy('See you then')],
  ])('%s: each address is alone on its line', (_name, email) => {
    const lines = addressLines(email.text);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => !l.alone)).toEqual([]);
  });
});

