import { lookup } from 'zipcodes';
import type { ZipLookup } from '#shared/services.js';

/** The place of a US ZIP code (5 digits or ZIP+4, looked up by its first five) from the bundled dataset. */
export function locateZip(zipCode: string): ZipLookup | undefined {
  const zip = zipCode.slice(0, 5);
  // The dataset also keys Canadian prefixes by letters; a US ZIP is digits only.
  if (!/^\d{5}$/.test(zip)) return undefined;
  const place = lookup(zip);
  if (!place) return undefined;
  return { zip, city: place.city, state: place.state, latitude: place.latitude, longitude: place.longitude };
}
