/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more, and one event (a 5,000-character message of
 * multi-byte characters) can be around 20 KB of UTF-8. Each event is therefore sent as one or more payloads
 * `origin:id:index:total:data`, where the data pieces are cut on character boundaries and joined again on receipt.
 */
export const CHUNK_DATA_BYTES = 7800;
/** A bogus total must not make a receiver allocate or wait for much: real events need three or four chunks. */
export const MAX_CHUNKS = 64;

export interface Chunk {
  origin: string;
  id: string;
  index: number;
  total: number;
  data: string;
}

/** UTF-8 pieces of at most `maxBytes` each, never cutting a character in two. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  if (maxBytes < 4) throw new Error('A piece must hold at least one character (4 bytes)');
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + maxBytes, bytes.length);
    // Step back off continuation bytes (10xxxxxx) so the cut falls before a character's first byte.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    pieces.push(bytes.toString('utf8', start, end));
    start = end;
  }
  return pieces;
}

/** The NOTIFY payloads for one event's text. Identifiers must not contain ':'. */
export function encodePayloads(origin: string, id: string, text: string, maxDataBytes = CHUNK_DATA_BYTES): string[] {
  const pieces = splitUtf8(text, maxDataBytes);
  if (pieces.length > MAX_CHUNKS) throw new Error(`A live event of ${Buffer.byteLength(text)} bytes is too large to send`);
  return pieces.map((data, index) => `${origin}:${id}:${index}:${pieces.length}:${data}`);
}

export function parsePayload(payload: string): Chunk | undefined {
  const fields: string[] = [];
  let start = 0;
  for (let i = 0; i < 4; i++) {
    const colon = payload.indexOf(':', start);
    if (colon < 0) return undefined;
    fields.push(payload.slice(start, colon));
    start = colon + 1;
  }
  const [origin, id, indexText, totalText] = fields as [string, string, string, string];
  const index = Number(indexText);
  const total = Number(totalText);
  if (!origin || !id || !Number.isInteger(index) || !Number.isInteger(total)) return undefined;
  if (total < 1 || total > MAX_CHUNKS || index < 0 || index >= total) return undefined;
  return { origin, id, index, total, data: payload.slice(start) };
}

/**
 * Joins chunks back into whole texts. All chunks of one event are notified in one statement, so they arrive
 * together; an event still incomplete after `timeoutMs` (its sender's connection failed halfway) is dropped.
 */
export function createReassembler(onText: (text: string) => void, options: { timeoutMs?: number; maxPending?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxPending = options.maxPending ?? 1000;
  const pending = new Map<string, { pieces: Array<string | undefined>; received: number; timer: NodeJS.Timeout }>();

  return {
    accept(chunk: Chunk): void {
      if (chunk.total === 1) {
        onText(chunk.data);
        return;
      }
      const key = `${chunk.origin}:${chunk.id}`;
      let entry = pending.get(key);
      if (!entry) {
        if (pending.size >= maxPending) return;
        const timer = setTimeout(() => pending.delete(key), timeoutMs);
        timer.unref();
        entry = { pieces: new Array<string | undefined>(chunk.total), received: 0, timer };
        pending.set(key, entry);
      }
      if (entry.pieces.length !== chunk.total || entry.pieces[chunk.index] !== undefined) return;
      entry.pieces[chunk.index] = chunk.data;
      entry.received++;
      if (entry.received < chunk.total) return;
      clearTimeout(entry.timer);
      pending.delete(key);
      onText(entry.pieces.join(''));
    },

    /** How many events wait for more chunks. */
    get pending(): number {
      return pending.size;
    },

    clear(): void {
      for (const entry of pending.values()) clearTimeout(entry.timer);
      pending.clear();
    },
  };
}
