// engines: one — no database
import { describe, expect, it } from 'vitest';
import { clientIdSchema } from '#shared/messaging.js';
import { clientIdFor, newClientId } from './client-id.js';

describe('the composer’s idempotency key', () => {
  it('is a fresh UUID the server accepts for each new message', () => {
    const a = clientIdFor(null, 1, 'Hello');
    const b = clientIdFor(null, 1, 'Hello');
    expect(a).not.toBe(b);
    expect(clientIdSchema.safeParse(a).success).toBe(true);
  });

  it('is reused when the same text is sent again to the same conversation after a failure', () => {
    const failed = { conversationId: 1, text: 'Hello', clientId: newClientId() };
    expect(clientIdFor(failed, 1, 'Hello')).toBe(failed.clientId);
    expect(clientIdFor(failed, 1, 'Hello, edited')).not.toBe(failed.clientId);
    expect(clientIdFor(failed, 2, 'Hello')).not.toBe(failed.clientId);
  });

  it('is a valid version 4 UUID without crypto.randomUUID (plain-HTTP pages)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = newClientId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(clientIdSchema.safeParse(id).success).toBe(true);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
