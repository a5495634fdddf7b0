const FIVE_DIGITS = /^\d{5}$/;

/**
 * The place a listing's page measures its distance from (decision 052): the ZIP code the reader searched
 * around (a card's link carries it as `?near=`), else their home ZIP, else none. The page and its server prefetch read
 * it alike, so the browser hydrates what the server rendered.
 */
export function referenceZip(search: URLSearchParams, homeZip: string | null | undefined): string | null {
  const near = search.get('near')?.trim() ?? '';
  if (FIVE_DIGITS.test(near)) return near;
  return homeZip ?? null;
}
