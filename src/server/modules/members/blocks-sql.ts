import { sql } from 'drizzle-orm';
import { memberBlocks } from '../../db/schema.js';
import type { BlockState } from '#shared/members.js';

/**
 * Whether `blocker` blocked `blocked`, as a SQL condition for other modules' queries that read it with their rows
 * (decision 045): `blocker` and `blocked` are SQL expressions of account ids. An `exists` on the primary key, so a
 * query that reads it per row (saved searches matching a listing) gets an anti-join on its index.
 */
export const hasBlockedSql = (blocker: unknown, blocked: unknown) =>
  sql<boolean>`exists (select 1 from ${memberBlocks} where ${memberBlocks.blockerId} = ${blocker} and ${memberBlocks.blockedId} = ${blocked})`;

/**
 * The block state between two members as SQL, for queries of other modules that read it with their rows: `viewer`
 * and `other` are SQL expressions of account ids.
 */
export const blockStateSql = (viewer: unknown, other: unknown) =>
  sql<BlockState>`case when ${hasBlockedSql(viewer, other)} then 'by_you' when ${hasBlockedSql(other, viewer)} then 'by_them' end`;

/** The members `viewer` blocked, as a subquery: a list of listings leaves their owners out with `not in`. */
export const blockedBySql = (viewer: unknown) => sql`(select ${memberBlocks.blockedId} from ${memberBlocks} where ${memberBlocks.blockerId} = ${viewer})`;
