// engines: one — no database
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReassembler, encodePayloads, MAX_CHUNKS, parsePayload, splitUtf8 } from './chunks.js';

describe('splitting a text for NOTIFY', () => {
  it('keeps a short text whole', () => {
    expect(splitUtf8('hello', 10)).toEqual(['hello']);
  });

  it('cuts on character boundaries, within the byte limit, and joins back to the original', () => {
    const text = 'aé漢😀'.repeat(500);
    for (const limit of [4, 5, 7, 100, 1001]) {
      const pieces = splitUtf8(text, limit);
      expect(pieces.join('')).toBe(text);
      for (const piece of pieces) {
        expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(limit);
        expect(piece).not.toMatch(/\uFFFD/);
      }
    }
  });

  it('frames the pieces with origin, id, index and total, and parses them back', () => {
    const payloads = encodePayloads('abc', 'z1', '{"k":"ü:ü"}'.repeat(10), 20);
    expect(payloads.length).toBeGreaterThan(1);
    const chunks = payloads.map((payload) => parsePayload(payload)!);
    expect(chunks.map((chunk) => [chunk.origin, chunk.id, chunk.index, chunk.total])).toEqual(
      payloads.map((_, index) => ['abc', 'z1', index, payloads.length]),
    );
    expect(chunks.map((chunk) => chunk.data).join('')).toBe('{"k":"ü:ü"}'.repeat(10));
  });

  it('refuses an event that would need more than the chunk limit', () => {
    expect(() => encodePayloads('a', 'b', 'x'.repeat(5 * (MAX_CHUNKS + 1)), 5)).toThrow(/too large/);
  });

  it('rejects malformed payloads', () => {
    for (const payload of ['', 'abc', 'a:b:c:d:e', 'a:b:0:0:x', 'a:b:2:2:x', 'a:b:-1:2:x', `a:b:0:${MAX_CHUNKS + 1}:x`, ':b:0:1:x']) {
      expect(parsePayload(payload), payload).toBeUndefined();
    }
    expect(parsePayload('a:b:0:1:')).toEqual({ origin: 'a', id: 'b', index: 0, total: 1, data: '' });
  });
});

describe('reassembling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('joins chunks in any order, once, and ignores duplicates', () => {
    const texts: string[] = [];
    const reassembler = createReassembler((text) => texts.push(text));
    const chunks = encodePayloads('o', '1', 'x'.repeat(25), 10).map((payload) => parsePayload(payload)!);
    for (const chunk of [chunks[2]!, chunks[0]!, chunks[2]!, chunks[0]!, chunks[1]!]) reassembler.accept(chunk);
    expect(texts).toEqual(['x'.repeat(25)]);
    expect(reassembler.pending).toBe(0);
  });

  it('keeps events of different origins apart', () => {
    const texts: string[] = [];
    const reassembler = createReassembler((text) => texts.push(text));
    const first = encodePayloads('p1', '1', 'a'.repeat(15), 10).map((payload) => parsePayload(payload)!);
    const second = encodePayloads('p2', '1', 'b'.repeat(15), 10).map((payload) => parsePayload(payload)!);
    for (const chunk of [first[0]!, second[0]!, second[1]!, first[1]!]) reassembler.accept(chunk);
    expect(texts).toEqual(['b'.repeat(15), 'a'.repeat(15)]);
  });

  it('drops an incomplete event after the timeout', () => {
    vi.useFakeTimers();
    const texts: string[] = [];
    const reassembler = createReassembler((text) => texts.push(text), { timeoutMs: 1000 });
    const chunks = encodePayloads('o', '1', 'x'.repeat(25), 10).map((payload) => parsePayload(payload)!);
    reassembler.accept(chunks[0]!);
    expect(reassembler.pending).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(reassembler.pending).toBe(0);
    // The rest arriving late starts over and never completes: nothing half-joined is delivered.
    reassembler.accept(chunks[1]!);
    reassembler.accept(chunks[2]!);
    expect(texts).toEqual([]);
    reassembler.clear();
  });

  it('bounds how many incomplete events it holds', () => {
    const reassembler = createReassembler(() => {}, { maxPending: 2 });
    for (const id of ['1', '2', '3']) reassembler.accept(parsePayload(`o:${id}:0:2:x`)!);
    expect(reassembler.pending).toBe(2);
    reassembler.clear();
  });
});
