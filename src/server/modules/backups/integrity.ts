import { quoteIdent, type Query } from './tables.js';

/**
 * What a consistent copy of the marketplace satisfies: no foreign key points at a missing row, each listing's
 * like count equals its likes, each participant's unread counter equals the other side's unread messages.
 * Answers one sentence per problem; empty means sound.
 */
export async function integrityProblems(query: Query): Promise<string[]> {
  const problems: string[] = [];
  const foreignKeys = await query(`
    SELECT f.conname AS name, child.relname AS child, parent.relname AS parent,
      array_agg(ca.attname::text ORDER BY k.ord) AS child_columns, array_agg(pa.attname::text ORDER BY k.ord) AS parent_columns
    FROM pg_constraint f
    JOIN pg_class child ON child.oid = f.conrelid
    JOIN pg_class parent ON parent.oid = f.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    CROSS JOIN LATERAL unnest(f.conkey, f.confkey) WITH ORDINALITY AS k(child_attnum, parent_attnum, ord)
    JOIN pg_attribute ca ON ca.attrelid = f.conrelid AND ca.attnum = k.child_attnum
    JOIN pg_attribute pa ON pa.attrelid = f.confrelid AND pa.attnum = k.parent_attnum
    WHERE f.contype = 'f' AND n.nspname = 'public'
    GROUP BY f.conname, child.relname, parent.relname`);
  for (const fk of foreignKeys) {
    const childColumns = fk.child_columns as string[];
    const parentColumns = fk.parent_columns as string[];
    const matches = childColumns.map((c, i) => `p.${quoteIdent(parentColumns[i]!)} = c.${quoteIdent(c)}`).join(' AND ');
    const present = childColumns.map((c) => `c.${quoteIdent(c)} IS NOT NULL`).join(' AND ');
    const [row] = await query(
      `SELECT count(*)::int AS n FROM ${quoteIdent(String(fk.child))} c WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${quoteIdent(String(fk.parent))} p WHERE ${matches})`,
    );
    if (Number(row?.n) > 0) problems.push(`${String(fk.name)}: ${String(row?.n)} rows of ${String(fk.child)} point at missing ${String(fk.parent)}`);
  }
  const [likes] = await query(`
    SELECT count(*)::int AS n FROM services s
    WHERE s.like_count <> (SELECT count(*) FROM service_likes l WHERE l.service_id = s.id)`);
  if (Number(likes?.n) > 0) problems.push(`${String(likes?.n)} listings have a like count that differs from their likes`);
  const [unread] = await query(`
    SELECT count(*)::int AS n FROM conversations c
    WHERE c.participant1_unread <> (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.participant2_id AND m.read_at IS NULL)
       OR c.participant2_unread <> (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.participant1_id AND m.read_at IS NULL)`);
  if (Number(unread?.n) > 0) problems.push(`${String(unread?.n)} conversations have unread counters that differ from their unread messages`);
  return problems;
}
