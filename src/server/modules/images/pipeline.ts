import sharp from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';

export interface ProcessedImage {
  full: Buffer;
  fullWidth: number;
  fullHeight: number;
  card: Buffer;
  cardWidth: number;
  cardHeight: number;
}

/** Bytes sharp could not decode (corrupt, too many pixels, or a format the prebuilt libvips lacks, such as HEVC-coded HEIC). */
export class UndecodableImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded', { cause });
    this.name = 'UndecodableImageError';
  }
}

export const FULL_MAX_SIZE = 1600;
export const CARD_WIDTH = 640;
export const CARD_HEIGHT = 480;
/** A 5 MB file can still declare a gigapixel canvas; decoding stops above this many pixels. */
export const MAX_INPUT_PIXELS = 40_000_000;

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The brands of an ISO-BMFF `ftyp` box: the major brand, then the compatible ones. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/** What the bytes are, from their magic numbers; the declared type and the file name are never trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  // A generic HEIF brand (mif1) also appears in AVIF files, so an AVIF brand anywhere wins.
  if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
  if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
  return undefined;
}

const DATA_URL = /^data:[\w.+-]*\/?[\w.+-]*(?:;[\w.+-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 data URL; undefined for anything else (plain-text data URLs, URLs, broken base64). */
export function decodeDataUrl(s: string): Buffer | undefined {
  const header = DATA_URL.exec(s);
  if (!header) return undefined;
  const payload = s.slice(header[0].length);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) return undefined;
  return Buffer.from(payload, 'base64');
}

/**
 * Re-encodes to WebP in two sizes. sharp writes no metadata unless asked (withMetadata is never called),
 * so EXIF (GPS included), XMP and IPTC are gone; rotate() applies the EXIF orientation before it is dropped.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  // Only the first frame of an animated GIF or WebP; warnings pass, decoding errors refuse the file.
  const base = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
  try {
    const [full, card] = await Promise.all([
      base
        .clone()
        .resize(FULL_MAX_SIZE, FULL_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      base.clone().resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover' }).webp({ quality: 75 }).toBuffer({ resolveWithObject: true }),
    ]);
    return {
      full: full.data,
      fullWidth: full.info.width,
      fullHeight: full.info.height,
      card: card.data,
      cardWidth: card.info.width,
      cardHeight: card.info.height,
    };
  } catch (error) {
    throw new UndecodableImageError(error);
  }
}
