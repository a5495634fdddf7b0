/**
 * Emailed secrets travel as the `token` query parameter of a link (decision 014), and the outbox row is the
 * only place a raw token is ever stored (the tokens table keeps hashes). Once the email has left, or the outbox
 * gave up on it, the row keeps the message but not the secret (decision 018).
 */

/** What replaces a token in a sent row: the link still shows where it went, and opens nothing. */
export const REMOVED_TOKEN = 'removed-after-sending';

// `?token=` or `&token=` (also `&amp;token=` in HTML), then the value up to a delimiter. One bounded class after
// a literal: linear on any input, and the bodies quote what people wrote.
const TOKEN_PARAM = /([?&](?:amp;)?token=)[^\s"'<>&#]+/gi;

/** The body with the value of every `token` query parameter replaced. */
export function withoutLinkSecrets(body: string): string {
  return body.replace(TOKEN_PARAM, `$1${REMOVED_TOKEN}`);
}

type Bodies = { text: string; html: string; headers: Record<string, string> | null };

/** The text, HTML and extra headers of a row as they may be kept after it is final (sent or given up). */
export function scrubbedBodies(row: Bodies): Bodies {
  const headers = row.headers && Object.fromEntries(Object.entries(row.headers).map(([name, value]) => [name, withoutLinkSecrets(value)]));
  return { text: withoutLinkSecrets(row.text), html: withoutLinkSecrets(row.html), headers };
}
