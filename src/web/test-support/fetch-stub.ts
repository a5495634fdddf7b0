import { vi } from 'vitest';
import { codeForStatus, type ErrorCode } from '../../shared/error-codes.js';
import type { ApiErrorBody } from '../../shared/errors.js';

/**
 * The network of a web test: `fetch` answers only the routes a test names, so the real api client
 * (src/web/lib/api.ts) runs. A request nobody named fails the test once it ends (test/web-setup.ts), since the
 * page itself would only show 'Could not reach the server'.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A method and a path without its query, e.g. 'POST /api/services/5/like'. */
export type Route = `${Method} /api/${string}`;

export interface Reply {
  status: number;
  /** JSON, as the API answers; or `file`, for an answer that is a file. */
  body?: unknown;
  file?: { bytes: Uint8Array<ArrayBuffer>; type: string; fileName: string };
}

export interface SentRequest {
  route: Route;
  /** As the page asked for it, query included. */
  url: string;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

export type Answer = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

export const ok = (body: unknown): Reply => ({ status: 200, body });
/** A 200 whose body is a file the browser saves (Content-Disposition: attachment). */
export const okFile = (bytes: Uint8Array<ArrayBuffer>, type: string, fileName: string): Reply => ({ status: 200, file: { bytes, type, fileName } });

/** A refusal in the one error shape of the API (src/shared/errors.ts). */
export function refuse(status: number, message: string, details: { code?: ErrorCode; errors?: Record<string, string> } = {}): Reply {
  const { errors } = details;
  const code = details.code ?? codeForStatus(status, { fieldErrors: errors !== undefined });
  const body: ApiErrorBody = errors ? { message, code, errors } : { message, code };
  return { status, body };
}

/** An answer that waits until the test releases it, to look at the page while the request is in flight. */
export function heldAnswer(): { answer: () => Promise<Reply>; release: (reply: Reply) => void } {
  let release!: (reply: Reply) => void;
  const reply = new Promise<Reply>((resolve) => (release = resolve));
  return { answer: () => reply, release };
}

let answers = new Map<Route, Answer>();
let sent: SentRequest[] = [];
let unexpected: string[] = [];

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = urlOf(input);
  const route = `${(init.method ?? 'GET').toUpperCase()} ${new URL(url, window.location.href).pathname}` as Route;
  const answer = answers.get(route);
  if (!answer) {
    unexpected.push(route);
    throw new TypeError(`fetch stub: no answer for ${route}`);
  }
  const request: SentRequest = { route, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
  sent.push(request);
  const reply = typeof answer === 'function' ? await answer(request) : answer;
  init.signal?.throwIfAborted();
  if (reply.file) {
    const { bytes, type, fileName } = reply.file;
    return new Response(new Blob([bytes], { type }), { status: reply.status, headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${fileName}"` } });
  }
  const body = reply.body === undefined ? null : JSON.stringify(reply.body);
  return new Response(body, { status: reply.status, headers: { 'Content-Type': 'application/json' } });
}

/** Adds (or replaces) answers for this test; returns what was sent, route by route. */
export function stubApi(routes: Partial<Record<Route, Answer>>) {
  for (const [route, answer] of Object.entries(routes) as Array<[Route, Answer]>) answers.set(route, answer);
  return {
    requests: (route: Route) => sent.filter((request) => request.route === route),
    bodies: (route: Route) => sent.filter((request) => request.route === route).map((request) => request.body),
  };
}

export function installFetchStub(): void {
  answers = new Map();
  sent = [];
  unexpected = [];
  vi.stubGlobal('fetch', fakeFetch);
}

export function verifyFetchStub(): void {
  vi.unstubAllGlobals();
  if (unexpected.length > 0) throw new Error(`Requests no test answered: ${unexpected.join(', ')}`);
}
