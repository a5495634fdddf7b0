/** The largest id a listing can have (a PostgreSQL integer): anything else in the address names no listing. */
const MAX_ID = 2_147_483_647;

/** The listing a `/services/{id}` address names, or null: the page and its server prefetch read it alike. */
export function listingId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ID ? id : null;
}
