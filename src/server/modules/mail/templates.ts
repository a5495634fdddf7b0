import type { Email } from './mailer.js';

/**
 * The emails messaging sends. Each names people only by username and never carries the other person's address
 * (decision 007); every value that came from a person is escaped in the HTML part.
 */

const SITE = 'Community Services Marketplace';
/** How much of a message a notification quotes; the whole message is one click away. */
export const NOTIFICATION_EXCERPT_CHARS = 500;

interface MessageEmailInput {
  to: string;
  /** The conversation's subject, else the listing's title; null when there is neither. */
  subject: string | null;
  content: string;
  /** config.PUBLIC_URL, for the links back to the site. */
  publicUrl: string;
  /** The listing the conversation is about, when its title is the subject: the title then links to its page. */
  serviceId?: number | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A subject or a name on one line: a stray newline must not reach a header. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** At most `max` characters (whole code points, never half an emoji), cut at a space when one is near, then "…". */
export function excerpt(content: string, max = NOTIFICATION_EXCERPT_CHARS): string {
  const chars = Array.from(content.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  const space = cut.search(/\s\S*$/);
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const about = (subject: string | null) => (subject && oneLine(subject) ? ` about "${oneLine(subject)}"` : '');

/**
 * A piece of the intro that links somewhere: in the HTML part a link; in the text part its words, then, under the
 * paragraph, the words again and the address on a line of its own. An address written into a string stays inside
 * its sentence: give it as a link.
 */
export interface IntroLink {
  text: string;
  href: string;
}

export interface EmailLayout {
  /** One sentence (or a short paragraph) at the top; plain text and links, escaped here. */
  intro: string | Array<string | IntroLink>;
  /** Someone's words, quoted under the intro; none for the account emails. */
  quote?: string;
  /** Links listed under the intro, each with a line about it (an alert's new listings). */
  items?: Array<IntroLink & { detail?: string }>;
  /** The button; none for a notice that asks for nothing. */
  link?: { href: string; label: string };
  /** Why the email came, and how to stop it; plain text and links, like the intro. */
  footer: string | Array<string | IntroLink>;
}

const introParts = (intro: EmailLayout['intro']) => (typeof intro === 'string' ? [intro] : intro);

/** A link in the text part: its words, then its address alone on the next line. */
const linkLines = (words: string, href: string) => `${words}:\n${href}`;

/**
 * A paragraph of the text part: its sentences as written, then the words and address of each of its links. An address
 * is never inside a sentence nor beside anything on its line (decision 063): a person who opens the email in a text
 * editor copies it whole, and no mail program wraps it.
 */
function plainText(paragraph: EmailLayout['intro']): string {
  const parts = introParts(paragraph);
  const links = parts.flatMap((part) => (typeof part === 'string' ? [] : [linkLines(part.text, part.href)]));
  return [parts.map((part) => (typeof part === 'string' ? part : part.text)).join(''), ...links].join('\n\n');
}

function textOf({ intro, quote, items, link, footer }: EmailLayout): string {
  const list = items?.map((item) => `- ${item.text}${item.detail ? ` (${item.detail})` : ''}\n${item.href}`).join('\n\n');
  const parts = [plainText(intro), quote, list, link && linkLines(link.label, link.href), plainText(footer)].filter((p) => p !== undefined);
  return `${parts.join('\n\n')}\n\n— ${SITE}\n`;
}

/** Plain text and links, escaped, with the links in the site's colour. */
const htmlParts = (parts: EmailLayout['intro']) =>
  introParts(parts)
    .map((part) => (typeof part === 'string' ? escapeHtml(part) : `<a href="${escapeHtml(part.href)}" style="color:#2563eb">${escapeHtml(part.text)}</a>`))
    .join('');

/** Simple, table-free HTML with inline styles: what mail clients render most alike. */
function htmlOf({ intro, quote, items, link, footer }: EmailLayout): string {
  const e = escapeHtml;
  const opening = htmlParts(intro);
  const list = items?.length
    ? `<ul style="margin:0 0 20px;padding:0 0 0 20px;font-size:15px">${items
        .map(
          (item) =>
            `<li style="margin:0 0 10px"><a href="${e(item.href)}" style="color:#2563eb;font-weight:600">${e(item.text)}</a>${item.detail ? `<br><span style="color:#616e7c;font-size:13px">${e(item.detail)}</span>` : ''}</li>`,
        )
        .join('')}</ul>\n`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(SITE)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e3e6ea;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:16px">${opening}</p>
${quote === undefined ? '' : `<blockquote style="margin:0 0 20px;padding:12px 16px;border-left:4px solid #2563eb;background:#f3f5f9;font-size:15px;white-space:pre-wrap;word-wrap:break-word">${e(quote)}</blockquote>\n`}${list}${link ? `<p style="margin:0 0 20px"><a href="${e(link.href)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${e(link.label)}</a></p>\n` : ''}
<p style="margin:0;font-size:13px;color:#616e7c">${htmlParts(footer)}</p>
</div>
<p style="max-width:560px;margin:12px auto 0;font-size:12px;color:#8a94a0;text-align:center">${e(SITE)}</p>
</body>
</html>
`;
}

/** An email in the site's one layout: the intro, an optional quote and button, the footer. */
export function layoutEmail(kind: string, to: string, subject: string, layout: EmailLayout): Email {
  return { kind, to, subject: oneLine(subject), text: textOf(layout), html: htmlOf(layout) };
}

const messagesUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/messages`;

/** "Send a copy to my email": the sender's own words, for their records. */
export function messageCopyEmail(input: MessageEmailInput & { recipientName: string }): Email {
  const recipient = oneLine(input.recipientName);
  return layoutEmail('message-copy', input.to, `Copy of your message to ${recipient}${about(input.subject)}`, {
    intro: `Here is a copy of the message you sent to ${recipient}${about(input.subject)} on ${SITE}:`,
    quote: input.content.trim(),
    link: { href: messagesUrl(input.publicUrl), label: 'See the conversation' },
    footer: 'You receive this copy because you ticked "Send a copy to my email" when you sent the message.',
  });
}

/** A new message for someone with email notifications on; quotes the start of it and links to the chat. */
export function newMessageEmail(input: MessageEmailInput & { senderName: string }): Email {
  const sender = oneLine(input.senderName);
  const base = input.publicUrl.replace(/\/+$/, '');
  const title = input.subject ? oneLine(input.subject) : '';
  // The listing's name links to its page; a conversation without a listing keeps its plain subject.
  const intro =
    input.serviceId && title
      ? [`${sender} sent you a message about "`, { text: title, href: `${base}/services/${input.serviceId}` }, `" on ${SITE}:`]
      : `${sender} sent you a message${about(input.subject)} on ${SITE}:`;
  return layoutEmail('message-notification', input.to, `${sender} sent you a message${about(input.subject)}`, {
    intro,
    quote: excerpt(input.content),
    link: { href: messagesUrl(base), label: 'Read and reply' },
    footer: [
      'You receive this email because email notifications are on. To turn them off, open your ',
      { text: 'Profile page', href: `${base}/profile` },
      ' and switch off "Email notifications for direct messages".',
    ],
  });
}
