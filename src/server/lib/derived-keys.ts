import { hkdfSync } from 'node:crypto';

/**
 * Keys for one use each, derived from the app's session secret with HKDF-SHA256 (decision 064). The secret itself
 * signs cookies; anything else keyed straight by it, or by an HMAC under it over a label, could be matched or
 * recovered through the cookie signer (a cookie value equal to the label is signed with the very key). HKDF makes
 * its own key under a fixed salt and expands it by label, so no output of the cookie signer is ever such a key and
 * the uses stay apart from each other. The labels are kept here, so a reader sees at once that no two are alike
 * (two-step sign-in seals its secrets under 'csm two-step secret v1', the same way).
 */
export const KEY_LABELS = {
  /** The `rate_limits` table's keys (lib/rate-limit-store.ts). */
  rateLimitKeys: 'csm rate-limit keys v1',
  /** Emailed links that prove themselves, one key per purpose (lib/signed-links.ts). */
  signedLink: (purpose: string) => `csm signed link v1 ${purpose}`,
} as const;

/** A 32-byte key for the use `label` names, from `secret`: always the same for the same secret and label. */
export function deriveKey(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label, 32));
}
