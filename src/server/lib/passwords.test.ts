// engines: one — no database
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, PRODUCTION_HASH_COST, verifyPassword } from './passwords.js';

describe('password hashing (decision 058)', () => {
  it("hashes at OWASP's scrypt cost by default: N = 2^17, r = 8, p = 1, a 16-byte salt and a 32-byte key", async () => {
    expect(PRODUCTION_HASH_COST).toBe(17);
    const stored = await createPasswordHasher().hash('correct horse battery staple');
    const [scheme, n, r, p, salt, key] = stored.split('$');
    expect({ scheme, n, r, p }).toEqual({ scheme: 'scrypt', n: '131072', r: '8', p: '1' });
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  });

  it('verifies a hash made at one cost after the cost changes, both ways', async () => {
    const cheap = await createPasswordHasher(10).hash('made while the cost was low');
    const dear = await createPasswordHasher(12).hash('made while the cost was higher');
    expect(cheap.split('$')[1]).toBe('1024');
    expect(dear.split('$')[1]).toBe('4096');
    // Whatever the hasher now in use, the stored parameters decide.
    expect(await verifyPassword('made while the cost was low', cheap)).toBe(true);
    expect(await verifyPassword('made while the cost was higher', dear)).toBe(true);
    expect(await verifyPassword('made while the cost was high', dear)).toBe(false);
    expect(await verifyPassword('made while the cost was low', cheap.replace('$1024$', '$2048$'))).toBe(false);
  });

  it('refuses anything that is not one of its hashes, and normalises the password as it hashed it', async () => {
    const hasher = createPasswordHasher(10);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    // 'é' typed as one code point or as e + combining accent is the same password.
    expect(await verifyPassword('caf\u0065\u0301 au lait', await hasher.hash('caf\u00e9 au lait'))).toBe(true);
  });

  it('keeps one decoy per hasher, at its cost, so an unknown email costs what a wrong password does', async () => {
    const hasher = createPasswordHasher(11);
    const decoy = await hasher.decoy();
    expect(decoy.split('$')[1]).toBe('2048');
    expect(await hasher.decoy()).toBe(decoy);
  });
});
