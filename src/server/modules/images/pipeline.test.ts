// engines: one — no database
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DATA_URL_HEADER_MAX, MAX_IMAGE_BYTES, MAX_IMAGE_REF_LENGTH } from '#shared/services.js';
import { decodeDataUrl, MAX_INPUT_PIXELS, processImage, sniffImageType, UndecodableImageError } from './pipeline.js';

const solid = (width: number, height: number, background = '#c86432') => sharp({ create: { width, height, channels: 3, background } });

/** An ISO-BMFF file start: a `ftyp` box with the given brands, then bytes no decoder understands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(64, 7)]);
}

describe('sniffImageType', () => {
  it.each([
    ['jpeg', () => solid(8, 8).jpeg().toBuffer()],
    ['png', () => solid(8, 8).png().toBuffer()],
    ['webp', () => solid(8, 8).webp().toBuffer()],
    ['gif', () => solid(8, 8).gif().toBuffer()],
    ['avif', () => solid(8, 8).avif().toBuffer()],
  ] as const)('recognises %s from its bytes', async (type, make) => {
    expect(sniffImageType(await make())).toBe(type);
  });

  it('tells HEIC from AVIF by the ftyp brands', () => {
    expect(sniffImageType(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageType(ftyp('mif1', 'heix'))).toBe('heic');
    expect(sniffImageType(ftyp('mif1', 'miaf', 'avif'))).toBe('avif');
    expect(sniffImageType(ftyp('isom', 'mp41'))).toBeUndefined();
  });

  it('ignores the name and declared type: text, SVG and short input are not images', () => {
    expect(sniffImageType(Buffer.from('just some notes, saved as photo.png'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 data URLs, whatever type they declare', () => {
    const bytes = Buffer.from([1, 2, 3, 250, 251]);
    expect(decodeDataUrl(`data:image/png;base64,${bytes.toString('base64')}`)).toEqual(bytes);
    expect(decodeDataUrl(`data:application/octet-stream;name=a.png;base64,${bytes.toString('base64')}`)).toEqual(bytes);
  });

  it.each([
    ['an upper-case scheme and encoding', 'DATA:IMAGE/PNG;BASE64,AQID+vs='],
    ['no media type', 'data:;base64,AQID+vs='],
    ['several parameters', 'data:image/jpeg;charset=utf-8;name=My%20photo.jpg;base64,AQID+vs='],
    ['one padding character', 'data:image/png;base64,AQID+vs='],
    ['two padding characters', 'data:image/png;base64,AQID+w=='],
    ['no padding', 'data:image/png;base64,AQID'],
  ])('accepts %s', (_shape, value) => {
    expect(decodeDataUrl(value)).toEqual(Buffer.from(value.slice(value.indexOf(',') + 1), 'base64'));
  });

  it.each([
    'data:text/plain,hello',
    'data:image/png;base64,',
    'data:image/png;base64,@@@@',
    'data:image/png;base64,abc',
    'https://example.test/a.png',
    '/api/images/abc',
    'data:image/png;base64',
    'date:image/png;base64,AQID',
    'data:image;base64,AQID',
    'data:image/png/x;base64,AQID',
    'data:image/<b>;base64,AQID',
    'data:image/png;name;base64,AQID',
    'data:image/png;=x;base64,AQID',
    'data:image/png;base64;x=y,AQID',
    'data:image/png;base64,AQ=D',
    'data:image/png;base64,A===',
    'data:image/png;base64,AQID AQID',
    'data:image/png;base64,AQ-_',
  ])('answers undefined for %j', (value) => {
    expect(decodeDataUrl(value)).toBeUndefined();
  });

  it('looks for the comma only within the header room, and refuses strings longer than any 5 MB image', () => {
    const bytes = Buffer.from([1, 2, 3]);
    expect(decodeDataUrl(`data:image/png;name=${'n'.repeat(DATA_URL_HEADER_MAX - 30)};base64,AQID`)).toEqual(bytes);
    expect(decodeDataUrl(`data:image/png;name=${'n'.repeat(DATA_URL_HEADER_MAX)};base64,AQID`)).toBeUndefined();
    const fiveMegabytes = Buffer.alloc(MAX_IMAGE_BYTES, 7).toString('base64');
    expect(decodeDataUrl(`data:image/png;base64,${fiveMegabytes}`)?.length).toBe(MAX_IMAGE_BYTES);
    expect(`data:image/png;base64,${fiveMegabytes}`.length).toBeLessThanOrEqual(MAX_IMAGE_REF_LENGTH);
    expect(decodeDataUrl(`data:image/png;base64,${'A'.repeat(MAX_IMAGE_REF_LENGTH)}`)).toBeUndefined();
  });

  // The old pattern took minutes on the first shape: every split of the run of letters between its two
  // adjacent quantifiers was tried. Each is now one linear pass; the bound is generous, not a benchmark.
  it.each([
    ['letters with no comma', `data:${'a'.repeat(1_000_000)}`],
    ['letters then a semicolon', `data:${'a'.repeat(1_000_000)};`],
    ['a parameter that never ends', `data:image/png;a=${'a'.repeat(1_000_000)}`],
    ['a long base64 payload with a bad last character', `data:image/png;base64,${'A'.repeat(1_000_000 - 1)}!`],
  ])('refuses a 1 MB adversarial string (%s) at once', (_shape, value) => {
    const started = performance.now();
    expect(decodeDataUrl(value)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('processImage', () => {
  it('makes a full variant within 1600px and a 640x480 card, both WebP without metadata', async () => {
    const input = await solid(2400, 1200).withExif({ IFD0: { Make: 'TestCam' } }).jpeg().toBuffer();
    const out = await processImage(input);
    expect([out.fullWidth, out.fullHeight, out.cardWidth, out.cardHeight]).toEqual([1600, 800, 640, 480]);
    for (const variant of [out.full, out.card]) {
      const meta = await sharp(variant).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });

  it('never enlarges the full variant', async () => {
    const out = await processImage(await solid(300, 200).png().toBuffer());
    expect([out.fullWidth, out.fullHeight]).toEqual([300, 200]);
  });

  it('turns the picture upright by its EXIF orientation before dropping it', async () => {
    const sideways = await solid(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await processImage(sideways);
    expect([out.fullWidth, out.fullHeight]).toEqual([200, 400]);
    expect((await sharp(out.full).metadata()).orientation).toBeUndefined();
  });

  it('keeps only the first frame of an animation', async () => {
    const frames = await Promise.all(['red', 'blue', 'green'].map((c) => solid(60, 40, c).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const out = await processImage(gif);
    expect((await sharp(out.full).metadata()).pages).toBeUndefined();
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await solid(8000, 6000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
    expect(8000 * 6000).toBeGreaterThan(MAX_INPUT_PIXELS);
    await expect(processImage(bomb)).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('refuses bytes that only look like an image', async () => {
    await expect(processImage(ftyp('heic', 'mif1', 'heic'))).rejects.toBeInstanceOf(UndecodableImageError);
    const png = await solid(100, 100).png().toBuffer();
    await expect(processImage(png.subarray(0, 60))).rejects.toBeInstanceOf(UndecodableImageError);
  });
});
