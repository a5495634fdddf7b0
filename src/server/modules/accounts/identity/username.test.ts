// engines: one — no database
import { describe, expect, it } from 'vitest';
import { safeReturnTo, usernameSchema } from '#shared/auth.js';
import { usernameBaseFromEmail } from './usernames.js';

describe('usernameBaseFromEmail', () => {
  it.each([
    ['jane.doe@example.org', 'jane_doe'],
    ['Jo@example.org', 'Jo_user'],
    ['a@example.org', 'a_user'],
    ['..@example.org', 'user'],
    ['averyveryverylongemailname@example.org', 'averyveryverylongema'],
    ['mary-o+tag@example.org', 'mary_o_tag'],
  ])('%s → %s, a valid username', (email, expected) => {
    const base = usernameBaseFromEmail(email);
    expect(base).toBe(expected);
    expect(usernameSchema.safeParse(base).success).toBe(true);
  });
});

describe('safeReturnTo', () => {
  it.each([
    ['/profile', '/profile'],
    ['/services?category=pet', '/services?category=pet'],
    ['https://evil.example/', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/ok\nSet-Cookie: x', '/'],
    [undefined, '/'],
    ['profile', '/'],
  ])('%j → %j', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});
