import { useQuery } from '@tanstack/react-query';
import { ZIP_PATTERN } from '#shared/service-texts.js';
import { type ZipLookup } from '#shared/services.js';
import { api } from '#web/lib/api.js';

/** The five-digit ZIP to look up, or null while the entry is not a complete ZIP or ZIP+4. */
export function zipToLookUp(entry: string): string | null {
  const zip = entry.trim();
  return ZIP_PATTERN.test(zip) ? zip.slice(0, 5) : null;
}

/** The query of a ZIP's place; a server render fills it for the browse page's heading (decision 042). */
export const zipLookupKey = (zip: string | null) => ['zip', zip] as const;

export function lookupZip(zip: string, signal?: AbortSignal): Promise<ZipLookup> {
  return api.get<ZipLookup>(`/api/zip/${encodeURIComponent(zip)}`, { signal });
}

/**
 * City and state for a ZIP entry (the specification, §4, form dependencies). A ZIP the service does not know
 * is not an error for the user: the fields simply stay as typed, so failures are only logged at debug level.
 */
export function useZipLookup(entry: string) {
  const zip = zipToLookUp(entry);
  return useQuery({
    queryKey: zipLookupKey(zip),
    queryFn: async ({ signal }) => {
      try {
        return await lookupZip(zip ?? '', signal);
      } catch (error) {
        console.info(`ZIP lookup for ${zip} found nothing`, error);
        return null;
      }
    },
    enabled: zip !== null,
  });
}
