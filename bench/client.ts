/**
 * The messaging benchmark's people: an HTTP client that signs requests like the browser does (session cookie,
 * same-origin `origin` header on writes) and a reader of their live event stream that timestamps every message.
 */
import { performance } from 'node:perf_hooks';
import { liveEventSchema } from '../src/shared/messaging.js';

const SESSION_COOKIE = 'csm_session';

export class Api {
  constructor(readonly base: string) {}

  /** Any answer outside 2xx throws with the method, path, status and the server's message. */
  async request<T>(method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<{ body: T; response: Response }> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    // The cross-site guard compares a write's Origin with the server's own address.
    if (method !== 'GET') headers.origin = this.base;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    } catch (error) {
      throw new Error(`${method} ${path} failed: ${error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error)}`);
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return { body: (text ? JSON.parse(text) : undefined) as T, response };
  }

  /**
   * Leaves `count` idle keep-alive connections to the server, so a measurement starts from the connections a
   * browser already has: a burst that needs new ones waits on TCP accepts, which a busy PGlite server makes
   * very slow (bench/README.md). fetch's pool takes a moment to see a finished request's socket as free: a
   * burst sent straight after another opens new connections for most of its requests, hence the pause.
   */
  async warm(count: number): Promise<void> {
    await Promise.all(Array.from({ length: count }, () => this.request('GET', '/api/health')));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  /** Signs up through the API and accepts the terms; answers the person's id and session cookie. */
  async signUp(email: string, password: string): Promise<{ id: string; cookie: string }> {
    const { body, response } = await this.request<{ id: string }>('POST', '/api/auth/register', { body: { email, password } });
    const session = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (!session) throw new Error(`POST /api/auth/register set no ${SESSION_COOKIE} cookie`);
    const cookie = session.split(';')[0]!;
    await this.request('PATCH', '/api/auth/terms-acceptance', { cookie, body: { termsAccepted: true } });
    return { id: body.id, cookie };
  }
}

/**
 * One open `GET /api/events`, read as it arrives. Every `message` event's id is recorded with the time its
 * chunk was read, so a sender can ask when (or whether) a message reached this person.
 */
export class EventStream {
  /** Message id → performance.now() when it arrived. */
  readonly arrivals = new Map<number, number>();
  duplicates = 0;
  private readonly waiters = new Map<number, Array<{ resolve: (at: number) => void; reject: (error: Error) => void }>>();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private closing = false;
  private failure: Error | undefined;
  /** Resolves on the first event (the unread count every new stream starts with): the subscription is live. */
  readonly ready: Promise<void>;
  private markReady!: () => void;

  private constructor(
    readonly label: string,
    response: Response,
  ) {
    this.reader = response.body!.getReader();
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    void this.pump();
  }

  static async open(api: Api, cookie: string, label: string): Promise<EventStream> {
    const response = await fetch(`${api.base}/api/events`, { headers: { cookie, accept: 'text/event-stream' } });
    if (!response.ok || !response.body) throw new Error(`GET /api/events for ${label} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return new EventStream(label, response);
  }

  private async pump() {
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        const at = performance.now();
        this.buffer += this.decoder.decode(value, { stream: true });
        for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
          this.frame(this.buffer.slice(0, end), at);
          this.buffer = this.buffer.slice(end + 2);
        }
      }
      if (!this.closing) this.fail(new Error(`the event stream of ${this.label} ended`));
    } catch (error) {
      if (!this.closing) this.fail(new Error(`the event stream of ${this.label} failed: ${String(error)}`));
    }
  }

  private frame(block: string, at: number) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) return; // a heartbeat or `retry:`
    const event = liveEventSchema.parse(JSON.parse(data));
    this.markReady();
    if (event.type !== 'message') return;
    const id = event.message.id;
    if (this.arrivals.has(id)) {
      this.duplicates++;
      return;
    }
    this.arrivals.set(id, at);
    for (const waiter of this.waiters.get(id) ?? []) waiter.resolve(at);
    this.waiters.delete(id);
  }

  private fail(error: Error) {
    this.failure = error;
    for (const list of this.waiters.values()) for (const waiter of list) waiter.reject(error);
    this.waiters.clear();
  }

  /** When message `id` arrived on this stream; fails after `timeoutMs` or if the stream breaks. */
  arrival(id: number, timeoutMs: number): Promise<number> {
    const known = this.arrivals.get(id);
    if (known !== undefined) return Promise.resolve(known);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`message ${id} did not reach ${this.label} within ${timeoutMs} ms`)), timeoutMs);
      const list = this.waiters.get(id) ?? [];
      list.push({
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.waiters.set(id, list);
    });
  }

  /** Throws if the stream broke while the benchmark was not waiting on it. */
  check() {
    if (this.failure) throw this.failure;
  }

  async close() {
    this.closing = true;
    await this.reader.cancel().catch(() => {});
  }
}
