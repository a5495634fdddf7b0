import { codes } from 'zipcodes';
import type { ZipLookup } from '#shared/services.js';

/**
 * The US ZIP code whose centre is nearest a point (decision 050: 'Use my location'), from the bundled dataset, offline.
 * The ZIPs are filed once in cells of a degree; a look-up reads the cells within reach of the point and measures each
 * centre in them, so it costs a few hundred distances, not the 42,000 of the whole list.
 */

/** Farther than this from every ZIP centre (at sea, abroad), a point has no nearest ZIP. */
export const NEAREST_ZIP_MAX_MILES = 60;
const EARTH_RADIUS_MILES = 3958.7613;
const MILES_PER_DEGREE_LATITUDE = 68.7;

type Centre = ZipLookup;
const cellOf = (latitude: number, longitude: number) => `${Math.floor(latitude)},${Math.floor(longitude)}`;

let cells: Map<string, Centre[]> | undefined;
function filed(): Map<string, Centre[]> {
  if (cells) return cells;
  cells = new Map();
  for (const code of Object.values(codes)) {
    // The dataset also keys Canadian postal prefixes; a US ZIP is five digits.
    if (!/^\d{5}$/.test(code.zip) || typeof code.latitude !== 'number' || typeof code.longitude !== 'number') continue;
    const key = cellOf(code.latitude, code.longitude);
    const list = cells.get(key) ?? [];
    list.push({ zip: code.zip, city: code.city, state: code.state, latitude: code.latitude, longitude: code.longitude });
    cells.set(key, list);
  }
  return cells;
}

function miles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The nearest ZIP centre within NEAREST_ZIP_MAX_MILES of the point, or undefined. The point is neither kept nor logged. */
export function nearestZip(latitude: number, longitude: number): ZipLookup | undefined {
  const dLat = Math.ceil(NEAREST_ZIP_MAX_MILES / MILES_PER_DEGREE_LATITUDE);
  const poleward = Math.min(89, Math.abs(latitude) + dLat);
  const dLng = Math.ceil(NEAREST_ZIP_MAX_MILES / (69.172 * Math.cos((poleward * Math.PI) / 180)));
  const index = filed();
  let best: { centre: Centre; miles: number } | undefined;
  for (let lat = Math.floor(latitude) - dLat; lat <= Math.floor(latitude) + dLat; lat++) {
    for (let lng = Math.floor(longitude) - dLng; lng <= Math.floor(longitude) + dLng; lng++) {
      // Across the antimeridian, the cells of the other side.
      const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
      for (const centre of index.get(`${lat},${wrapped}`) ?? []) {
        const distance = miles({ latitude, longitude }, centre);
        if (distance <= NEAREST_ZIP_MAX_MILES && (!best || distance < best.miles)) best = { centre, miles: distance };
      }
    }
  }
  return best?.centre;
}
