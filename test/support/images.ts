// Pictures for upload and listing tests, drawn with sharp so no binary fixture is checked in.
import sharp from 'sharp';

/** A PNG of one colour. */
export function solidPng(width: number, height: number, background = '#336699'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

/** A PNG with a pale disc on a coloured background, so two photos are told apart on screen. */
export function discPng(background: string, { width = 320, height = 240 } = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${background}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff" fill-opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The inline form a listing's `images` may carry (the specification, §3). */
export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
