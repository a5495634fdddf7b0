import { SQL, sql, type Placeholder } from 'drizzle-orm';
import { services } from '../../db/schema.js';

/**
 * Search by distance (decision 050). Listings store only their ZIP code's centre; a search around a ZIP
 * measures from that ZIP's centre to each listing's, along the Earth's surface.
 */

/** The Earth's mean radius in miles (IUGG): the sphere the great-circle distance is measured on. */
export const EARTH_RADIUS_MILES = 3958.7613;
/** The fewest miles a degree of latitude spans anywhere (68.7 at the equator): the box is never too small. */
const MILES_PER_DEGREE_LATITUDE = 68.7;
/** Miles per degree of longitude at the equator; fewer by the cosine of the latitude. */
const MILES_PER_DEGREE_LONGITUDE = 69.172;

/**
 * Which listings a search around a point reads: those within `radius` miles (`local`), the virtual ones
 * (`virtual`), or both (`around`).
 */
export interface NearFilter {
  latitude: number;
  longitude: number;
  radius: number;
  mode: 'around' | 'local' | 'virtual';
  /** The box around the circle that the GiST index reads; null when it would cross the antimeridian. */
  box: { west: number; south: number; east: number; north: number } | null;
}

/**
 * The smallest latitude-longitude box that holds every point within `radius` miles of the centre: its height from the
 * shortest degree of latitude, its width from the degree of longitude at the box's edge nearer a pole (the narrowest
 * in it). Null when the box would cross the antimeridian (the far west of the Aleutians): the circle alone then.
 */
export function boxAround(latitude: number, longitude: number, radius: number): NearFilter['box'] {
  const dLat = radius / MILES_PER_DEGREE_LATITUDE;
  const south = latitude - dLat;
  const north = latitude + dLat;
  const poleward = Math.min(89.9, Math.max(Math.abs(south), Math.abs(north)));
  const dLng = radius / (MILES_PER_DEGREE_LONGITUDE * Math.cos((poleward * Math.PI) / 180));
  const west = longitude - dLng;
  const east = longitude + dLng;
  if (west < -180 || east > 180) return null;
  return { west, south, east, north };
}

/**
 * A search around a point as its SQL reads it: each number either the value itself or a placeholder of a prepared
 * statement (`nearPlaceholders`), so one statement text serves every place and radius.
 */
type Param = number | Placeholder;
export interface NearSql {
  latitude: Param;
  longitude: Param;
  /** Or a value the statement works out itself (nearest first's bound). */
  radius: Param | SQL;
  mode: NearFilter['mode'];
  /** Its corners, or the box as one SQL value (`boxAroundSql`). */
  box: { west: Param; south: Param; east: Param; north: Param } | SQL | null;
}

/** The placeholders of a search around a point with this mode, with or without a box; `nearValues` fills them. */
export function nearPlaceholders(mode: NearFilter['mode'], boxed: boolean): NearSql {
  return {
    latitude: sql.placeholder('nearLatitude'),
    longitude: sql.placeholder('nearLongitude'),
    radius: sql.placeholder('nearRadius'),
    mode,
    box: boxed ? { west: sql.placeholder('boxWest'), south: sql.placeholder('boxSouth'), east: sql.placeholder('boxEast'), north: sql.placeholder('boxNorth') } : null,
  };
}

/** The values of `nearPlaceholders` for this search. */
export function nearValues(near: NearFilter): Record<string, number> {
  return {
    nearLatitude: near.latitude,
    nearLongitude: near.longitude,
    nearRadius: near.radius,
    ...(near.box && { boxWest: near.box.west, boxSouth: near.box.south, boxEast: near.box.east, boxNorth: near.box.north }),
  };
}

const raw = (n: number) => sql.raw(`${n}::float8`);

/**
 * `boxAround` in SQL, for a radius the statement itself works out (nearest first's bound, never more than a radius
 * whose box `boxAround` found clear of the antimeridian): the same box, by the same formula, as one value.
 */
export function boxAroundSql(latitude: Param, longitude: Param, radius: SQL): SQL {
  const dLat = sql`(${radius} / ${raw(MILES_PER_DEGREE_LATITUDE)})`;
  const poleward = sql`least(89.9::float8, greatest(abs(${latitude}::float8 - ${dLat}), abs(${latitude}::float8 + ${dLat})))`;
  const dLng = sql`(${radius} / (${raw(MILES_PER_DEGREE_LONGITUDE)} * cos(radians(${poleward}))))`;
  return sql`box(point(${longitude}::float8 - ${dLng}, ${latitude}::float8 - ${dLat}), point(${longitude}::float8 + ${dLng}, ${latitude}::float8 + ${dLat}))`;
}

export function nearFilter(place: { latitude: number; longitude: number }, radius: number, mode: NearFilter['mode']): NearFilter {
  return { latitude: place.latitude, longitude: place.longitude, radius, mode, box: boxAround(place.latitude, place.longitude, radius) };
}

/** The listing's ZIP centre as a point (x longitude, y latitude): what the GiST index `services_public_place_idx` holds. */
export const placePoint = sql`point(${services.longitude}, ${services.latitude})`;

/** Miles between two points given as SQL values (degrees): the haversine formula, clamped against rounding past 1. */
export function milesBetween(a: { latitude: unknown; longitude: unknown }, b: { latitude: unknown; longitude: unknown }): SQL<number> {
  return sql<number>`(${sql.raw(String(2 * EARTH_RADIUS_MILES))} * asin(least(1::float8, sqrt(
    power(sin(radians(${b.latitude} - ${a.latitude}) / 2), 2)
    + cos(radians(${a.latitude})) * cos(radians(${b.latitude})) * power(sin(radians(${b.longitude} - ${a.longitude}) / 2), 2)))))`;
}

/** Miles from the point to the listing's ZIP centre. */
export function milesFrom(near: Pick<NearSql, 'latitude' | 'longitude'>): SQL<number> {
  return milesBetween({ latitude: sql`${near.latitude}::float8`, longitude: sql`${near.longitude}::float8` }, { latitude: services.latitude, longitude: services.longitude });
}

/** A listing with a place inside the box around the circle: what the GiST place index reads. */
export function withinBox(near: Pick<NearSql, 'box'>): SQL {
  const { box } = near;
  const inBox = !box
    ? sql``
    : box instanceof SQL
      ? sql` and ${placePoint} <@ ${box}`
      : sql` and ${placePoint} <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`;
  return sql`(not ${services.isVirtual} and ${services.latitude} is not null${inBox})`;
}

/** Within the radius of the point: in the box first (the index), then by the exact distance. */
export function withinRadius(near: NearSql): SQL {
  return sql`(${withinBox(near)} and ${milesFrom(near)} <= ${near.radius instanceof SQL ? near.radius : sql`${near.radius}::float8`})`;
}

/** The listings a search around a point reads, by its mode. */
export function nearCondition(near: NearSql): SQL {
  if (near.mode === 'virtual') return sql`${services.isVirtual}`;
  if (near.mode === 'local') return withinRadius(near);
  return sql`(${withinRadius(near)} or ${services.isVirtual})`;
}

/** Miles to show: one decimal (decision 050: distances are rounded, and never finer than the ZIP centres they join). */
export const roundedMiles = (miles: number | null): number | null => (miles === null ? null : Math.round(miles * 10) / 10);
