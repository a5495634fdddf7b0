// engines: one — no database
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors.js';
import { cursorCodec, pageOf } from './paging.js';

const first = cursorCodec(z.object({ k: z.literal('first'), i: z.number().int().positive() }));
const second = cursorCodec(z.object({ k: z.literal('second'), i: z.number().int().positive() }));
const raw = (text: string) => Buffer.from(text).toString('base64url');

function refusal(work: () => unknown) {
  try {
    work();
  } catch (error) {
    return error instanceof HttpError ? { status: error.statusCode, message: error.message } : error;
  }
  return 'accepted';
}

describe('cursorCodec', () => {
  it('gives back the position it wrote, and nothing for no cursor', () => {
    expect(first.decode(first.encode({ k: 'first', i: 42 }))).toEqual({ k: 'first', i: 42 });
    expect(first.decode(undefined)).toBeUndefined();
    expect(first.decode('')).toBeUndefined();
  });

  it.each([
    ['another list’s cursor', () => second.encode({ k: 'second', i: 1 })],
    ['a value out of its range', () => raw(JSON.stringify({ k: 'first', i: -1 }))],
    ['text that is not JSON', () => raw('first:1')],
    ['text that is not base64url', () => '%%%'],
    ['JSON that is not an object', () => raw('null')],
  ])('answers 400 Invalid cursor to %s', (_name, forged) => {
    expect(refusal(() => first.decode(forged()))).toEqual({ status: 400, message: 'Invalid cursor' });
  });
});

describe('pageOf', () => {
  const cursorOf = (last: number) => `after ${last}`;

  it('shows the rows asked for and points after the last one when one more was read', () => {
    expect(pageOf([1, 2, 3, 4], 3, cursorOf)).toEqual({ items: [1, 2, 3], nextCursor: 'after 3' });
  });

  it('has no next page when no extra row came back', () => {
    expect(pageOf([1, 2, 3], 3, cursorOf)).toEqual({ items: [1, 2, 3], nextCursor: null });
    expect(pageOf([], 3, cursorOf)).toEqual({ items: [], nextCursor: null });
  });
});
