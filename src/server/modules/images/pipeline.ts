import sharp from 'sharp';
import { DATA_URL_HEADER_MAX, MAX_IMAGE_REF_LENGTH } from '#shared/services.js';

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
/** A profile picture: a square (cover crop), large for the profile page, small for the navbar, cards and lists. */
export const AVATAR_SIZE = 512;
export const AVATAR_SMALL_SIZE = 96;
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

/** One media-type or parameter-name token. A single character class, anchored: linear, and only run on the short header. */
const TOKEN = /^[\w.+-]+$/;

/** `type/subtype`, or nothing (RFC 2397 then means text/plain; the bytes decide what the image is anyway). */
const isMediaType = (value: string) => {
  if (value === '') return true;
  const slash = value.indexOf('/');
  return slash !== -1 && TOKEN.test(value.slice(0, slash)) && TOKEN.test(value.slice(slash + 1));
};
const isParameter = (value: string) => {
  const equals = value.indexOf('=');
  return equals > 0 && TOKEN.test(value.slice(0, equals));
};

const isBase64Char = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 /* + */ || c === 47; /* / */

/** Standard base64 with its padding: one pass over the characters, no regular expression. */
function isBase64(payload: string): boolean {
  const length = payload.length;
  if (length === 0 || length % 4 !== 0) return false;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  for (let i = 0; i < length - padding; i++) if (!isBase64Char(payload.charCodeAt(i))) return false;
  return true;
}

/**
 * The bytes of a base64 data URL (`data:[type/subtype][;name=value]*;base64,payload`); undefined for anything else
 * (plain-text data URLs, URLs, broken base64, strings longer than any 5 MB image). Parsed by splitting at the first
 * comma, which must come within the header's room: the work is linear in the length, and the length is capped first.
 */
export function decodeDataUrl(s: string): Buffer | undefined {
  if (s.length > MAX_IMAGE_REF_LENGTH) return undefined;
  const comma = s.slice(0, DATA_URL_HEADER_MAX + 1).indexOf(',');
  if (comma === -1 || s.slice(0, 5).toLowerCase() !== 'data:') return undefined;
  const [mediaType = '', ...parameters] = s.slice(5, comma).split(';');
  if (parameters.pop()?.toLowerCase() !== 'base64') return undefined;
  if (!isMediaType(mediaType) || !parameters.every(isParameter)) return undefined;
  const payload = s.slice(comma + 1);
  return isBase64(payload) ? Buffer.from(payload, 'base64') : undefined;
}

interface Variant {
  width: number;
  height: number;
  fit: 'inside' | 'cover';
  quality: number;
}

/** A listing photo keeps its shape up to 1600 px; its card is the 4:3 crop the listing cards show. */
const LISTING_VARIANTS: Record<'full' | 'card', Variant> = {
  full: { width: FULL_MAX_SIZE, height: FULL_MAX_SIZE, fit: 'inside', quality: 80 },
  card: { width: CARD_WIDTH, height: CARD_HEIGHT, fit: 'cover', quality: 75 },
};

/** Both avatar sizes are exact squares, small pictures enlarged too: every avatar has the same two shapes. */
const AVATAR_VARIANTS: Record<'full' | 'card', Variant> = {
  full: { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', quality: 80 },
  card: { width: AVATAR_SMALL_SIZE, height: AVATAR_SMALL_SIZE, fit: 'cover', quality: 80 },
};

/**
 * Re-encodes to WebP in two sizes. sharp writes no metadata unless asked (withMetadata is never called),
 * so EXIF (GPS included), XMP and IPTC are gone; rotate() applies the EXIF orientation before it is dropped.
 */
async function reencode(bytes: Buffer, variants: Record<'full' | 'card', Variant>): Promise<ProcessedImage> {
  // Only the first frame of an animated GIF or WebP; warnings pass, decoding errors refuse the file.
  const base = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
  const encode = ({ width, height, fit, quality }: Variant) =>
    base
      .clone()
      .resize(width, height, { fit, withoutEnlargement: fit === 'inside' })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
  try {
    const [full, card] = await Promise.all([encode(variants.full), encode(variants.card)]);
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

/** A listing photo: up to 1600 px on its longer side, and a 640×480 card crop. */
export const processImage = (bytes: Buffer) => reencode(bytes, LISTING_VARIANTS);

/** A profile picture: centre-cropped to a 512 px square, and a 96 px one. */
export const processAvatar = (bytes: Buffer) => reencode(bytes, AVATAR_VARIANTS);
