import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's recommended cost: N = 2^17, r = 8, p = 1, 128 MiB per hash. `PASSWORD_HASH_COST` may raise the
 * exponent anywhere and lower it only outside production (config.ts), so the test suites hash in milliseconds
 * (decision 058). The parameters travel inside each stored hash, so a hash made at one cost verifies after the cost
 * changes.
 */
export const PRODUCTION_HASH_COST = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Whether `password` is the one `stored` was made from, whatever cost it was made at. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export interface PasswordHasher {
  /** A new stored hash of `password`: `scrypt$N$r$p$salt$key`. */
  hash(password: string): Promise<string>;
  /** A hash of nothing in particular: verifying against it costs as much as a real check, so a wrong email takes as long as a wrong password. */
  decoy(): Promise<string>;
}

/** Hashes at 2^`cost`; the composition root makes one from `config.PASSWORD_HASH_COST`. */
export function createPasswordHasher(cost: number = PRODUCTION_HASH_COST): PasswordHasher {
  const params: ScryptParams = { N: 2 ** cost, r: R, p: P };
  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, params);
    return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }
  let decoy: Promise<string> | undefined;
  return {
    hash,
    decoy: () => (decoy ??= hash(randomBytes(16).toString('hex'))),
  };
}
