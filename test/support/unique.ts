// Names no other test, worker or earlier run against a reused database has taken: tests share one database
// (STYLE.md example 8), so anything unique-keyed or searched for carries one of these.
import { randomBytes } from 'node:crypto';

const stamp = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** An address under example.test (a name reserved for testing, so mail to it can never reach a person). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${stamp()}@example.test`;
}

/** A username within the 3 to 20 letters, digits and underscores rule; keep the prefix short, the stamp is cut last. */
export function uniqueUsername(prefix = 'u'): string {
  return `${prefix}_${stamp()}`.slice(0, 20);
}

/**
 * A made-up word no other listing contains: put it in a title, search for it, and only this test's listings come
 * back, however many other tests are creating listings at the same time. Letters only, so the full-text search
 * stems it like any other word.
 */
export function uniqueWord(): string {
  return Array.from(randomBytes(12), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}
