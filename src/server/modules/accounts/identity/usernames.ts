import { randomInt, randomUUID } from 'node:crypto';
import { USERNAME_MAX, USERNAME_MIN } from '#shared/limits.js';
import type { AuthRepository } from './repository.js';

/** A valid username from an email's local part: "mary.o'neil+x@…" → "mary_o_neil_x". */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  let base = local.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, USERNAME_MAX);
  if (base.length < USERNAME_MIN) base = `${base}${base ? '_' : ''}user`.slice(0, USERNAME_MAX);
  return base;
}

/**
 * A username nobody has for a new account that chose none (a sign-up without one, a provider's first sign-in): the
 * address's local part, else with a random number, else random. The unique index still settles a race.
 */
export async function availableUsername(repo: Pick<AuthRepository, 'usernameExists'>, email: string): Promise<string> {
  const base = usernameBaseFromEmail(email);
  if (!(await repo.usernameExists(base))) return base;
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = String(randomInt(1000, 1_000_000));
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length - 1)}_${suffix}`;
    if (!(await repo.usernameExists(candidate))) return candidate;
  }
  return `user_${randomUUID().replaceAll('-', '').slice(0, USERNAME_MAX - 5)}`;
}
