import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One API call as a person (a Cookie header) or signed out (no cookie). */
export function call(t: TestApp, method: Method, url: string, cookie?: string, payload?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
}

/** A 200 answer's JSON, failing the test with the body otherwise. */
export async function ok<T>(res: Promise<LightMyRequestResponse> | LightMyRequestResponse): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
}

/**
 * Every page of an administrator's list, following `nextCursor` from the first page: the items in the order
 * served, the `total` of each page, and how many pages it took.
 */
export async function allPages<T>(
  t: TestApp,
  cookie: string,
  url: string,
  key: string,
  limit: number,
): Promise<{ items: T[]; totals: number[]; pages: number }> {
  const items: T[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const page: Record<string, unknown> & { total: number; nextCursor: string | null } = await ok(
      call(t, 'GET', `${url}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, cookie),
    );
    const pageItems = page[key] as T[];
    expect(pageItems.length).toBeLessThanOrEqual(limit);
    items.push(...pageItems);
    totals.push(page.total);
    cursor = page.nextCursor;
    pages += 1;
    if (pages > 1000) throw new Error(`${url} never ends`);
  } while (cursor);
  return { items, totals, pages };
}
