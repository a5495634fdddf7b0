/** A send that failed: its answer may have been lost after the server stored the message (decision 025). */
export interface FailedSend {
  conversationId: number;
  text: string;
  clientId: string;
}

/** A fresh idempotency key; `randomUUID` exists only in secure contexts, so plain-HTTP sites build one from random bytes. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key for a send: the failed send's key when the same text goes to the same conversation again (the server
 * then answers the stored message instead of storing a copy), a fresh one for anything else.
 */
export function clientIdFor(failed: FailedSend | null, conversationId: number, text: string, fresh: () => string = newClientId): string {
  return failed && failed.conversationId === conversationId && failed.text === text ? failed.clientId : fresh();
}
