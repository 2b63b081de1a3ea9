/** Substring search in SQL, the same on SQLite and PostgreSQL. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `%text%` for LIKE, with the wildcards of `text` escaped by a backslash. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether any of the columns contains `text`, ignoring case (`lower(col) like %text%`). */
export function anyContains(columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const pattern = likePattern(text.toLowerCase());
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape ${'\\'}`),
    sql` or `,
  )})`;
}
