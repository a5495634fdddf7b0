import sharp from 'sharp';

/** A small deterministic generator, so the same listing always gets the same picture. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

/**
 * An abstract picture in the category's colour (soft gradient, overlapping discs), drawn as SVG and
 * rendered locally: demo listings get real images without a network or stock photos.
 */
export function demoPicture(color: string, seed: number): Promise<Buffer> {
  const next = random(seed);
  const discs = Array.from({ length: 7 }, () => {
    const r = 60 + next() * 220;
    return `<circle cx="${(next() * 1200).toFixed(0)}" cy="${(next() * 900).toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" fill-opacity="${(0.08 + next() * 0.22).toFixed(2)}"/>`;
  }).join('');
  const angle = Math.round(next() * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.55"/>
  </linearGradient></defs>
  <rect width="1200" height="900" fill="#ffffff"/><rect width="1200" height="900" fill="url(#g)"/>${discs}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
