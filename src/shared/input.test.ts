// engines: one — no database
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerSchema } from './auth.js';
import { INPUT_MESSAGES, INT4_MAX, serialId, text } from './input.js';

const messages = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((i) => i.message);

describe('text()', () => {
  it('refuses a NUL anywhere with one message, before the field’s own rules', () => {
    for (const value of ['\u0000', 'a\u0000', '\u0000b', 'x'.repeat(50) + '\u0000']) {
      expect(messages(text().trim().min(5, 'Too short').max(10, 'Too long'), value)).toEqual([INPUT_MESSAGES.nul]);
    }
    expect(text().trim().parse('  fine  ')).toBe('fine');
  });
});

describe('serialId()', () => {
  it.each([1, '1', '007', INT4_MAX, String(INT4_MAX)])('takes %j', (value) => {
    expect(serialId().parse(value)).toBe(Number(value));
  });

  it.each(['', ' 7', '1e3', '0x10', '1.5', '-1', '0', '+1', '١', String(INT4_MAX + 1), '12345678901', 0, -1, 1.5, INT4_MAX + 1, NaN, Infinity, null, true, [1], {}])(
    'refuses %j with its message',
    (value) => {
      expect(messages(serialId(), value)).toEqual([INPUT_MESSAGES.invalidId]);
      expect(messages(serialId('Please select a category'), value)).toEqual(['Please select a category']);
    },
  );
});

describe('the wording of zod’s defaults', () => {
  it('is plain English', () => {
    const schema = z.object({ n: z.number(), b: z.boolean(), s: z.string().max(3), e: z.enum(['a', 'b']), l: z.array(z.string()).min(2) });
    expect(messages(schema, { n: 'x', b: 'yes', s: 'long', e: 'c', l: [] })).toEqual([
      'Must be a number',
      'Must be true or false',
      'Must have at most 3 characters',
      "Must be one of 'a', 'b'",
      'Must have at least 2 items',
    ]);
    expect(messages(schema, [])).toEqual(['The request must be a JSON object']);
    expect(messages(z.object({ s: z.string() }), {})).toEqual([INPUT_MESSAGES.required]);
  });

  it('never replaces a message a schema writes itself', () => {
    expect(messages(registerSchema, { email: 'nobody', password: 'short', username: 'a' })).toEqual([
      'Please enter a valid email address',
      'Password must be at least 8 characters long',
      'Username must be at least 3 characters long',
    ]);
  });
});
