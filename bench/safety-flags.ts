/**
 * The safety flags' cost (decision 044): `safetyFlagsOf` on ordinary and hostile messages of 625 to 5,000 characters,
 * the longest a message may be. Linear time shows as a time that doubles when the length doubles; a backtracking
 * pattern would show as a time that quadruples or worse. `npm run bench:safety`.
 */
import { performance } from 'node:perf_hooks';
import { safetyFlagsOf } from '#shared/safety-flags.js';
import { printTable } from './server.js';

const LENGTHS = [625, 1250, 2500, 5000];

/** Texts made by repeating a piece up to a length: the shapes the phone, link and email parsers work hardest on. */
const SHAPES: Record<string, string> = {
  'ordinary words': 'Happy to help with the garden on Saturday morning, bring gloves. ',
  'digits and dashes': '12-34-56-78-90-',
  'phone-like digits': '(973) 555 01',
  'dots and letters': 'a.',
  'at signs': 'a@',
  'dashes': '-',
  'url-ish': 'http://a',
  'payment words': 'cash gift wire deposit up ',
  'one long word': 'x',
};

const fill = (piece: string, length: number) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length);

function microsecondsPerCall(text: string): number {
  // Enough calls for a stable figure, at least 20 and at least ~200 ms.
  safetyFlagsOf(text);
  let calls = 0;
  const start = performance.now();
  while (calls < 20 || performance.now() - start < 200) {
    safetyFlagsOf(text);
    calls += 1;
  }
  return ((performance.now() - start) / calls) * 1000;
}

const rows = Object.entries(SHAPES).map(([name, piece]) => {
  const times = LENGTHS.map((length) => microsecondsPerCall(fill(piece, length)));
  const growth = times[times.length - 1]! / times[0]!;
  return [name, ...times.map((t) => t.toFixed(0)), `${growth.toFixed(1)}×`];
});
printTable('safetyFlagsOf, µs per call by message length (8× the length: linear is about 8×)', ['text', ...LENGTHS.map((l) => `${l} ch`), 'growth'], rows);
