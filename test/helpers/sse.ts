import type { EventsLogger } from '../../src/server/modules/events/index.js';

/** One server-sent events frame as the browser's EventSource would see its fields. */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comments: string[];
}

/** Reads the frames of a real streamed HTTP response (fetch), which `app.inject` cannot give. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  ended = false;

  constructor(readonly response: Response) {
    if (!response.body) throw new Error(`no body in the ${response.status} answer`);
    this.reader = response.body.getReader();
  }

  /** The next frame, or undefined once the server ended the stream; fails after `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<SseFrame | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        return parseFrame(block);
      }
      if (this.ended) return undefined;
      const left = deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        // A connection the server cut ends the stream as far as a browser is concerned: it reconnects either way.
        this.reader.read().catch(() => ({ done: true as const, value: undefined })),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no server-sent event within ${timeoutMs} ms`)), Math.max(0, left));
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) this.ended = true;
      else this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next frame that carries an event, skipping heartbeats and `retry:` frames. */
  async nextEvent(timeoutMs = 5000): Promise<{ id?: string; event?: string; data: unknown }> {
    for (;;) {
      const frame = await this.next(timeoutMs);
      if (!frame) throw new Error('the stream ended before the next event');
      if (frame.data !== undefined) return { id: frame.id, event: frame.event, data: JSON.parse(frame.data) };
    }
  }

  /** Every remaining frame until the server ends the stream. */
  async rest(timeoutMs = 5000): Promise<SseFrame[]> {
    const frames: SseFrame[] = [];
    for (let frame = await this.next(timeoutMs); frame; frame = await this.next(timeoutMs)) frames.push(frame);
    return frames;
  }

  async cancel(): Promise<void> {
    if (!this.ended) await this.reader.cancel().catch(() => {});
    this.ended = true;
  }
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = { comments: [] };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      frame.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === 'event') frame.event = value;
    else if (field === 'id') frame.id = value;
    else if (field === 'retry') frame.retry = Number(value);
  }
  return frame;
}

/** A logger that keeps what the bus says, so a test can check it without failing on console output. */
export function collectingLogger(): EventsLogger & { lines: Array<{ level: 'info' | 'warn'; message: string; details: object }> } {
  const lines: Array<{ level: 'info' | 'warn'; message: string; details: object }> = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: 'info', message, details }),
    warn: (details, message) => lines.push({ level: 'warn', message, details }),
  };
}
