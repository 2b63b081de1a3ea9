/** Database errors matched by their code, never by message text (style.md point 9). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  // PostgreSQL: SQLSTATE 23505. node:sqlite: SQLITE_CONSTRAINT_UNIQUE (2067) / PRIMARYKEY (1555).
  return code === '23505' || errcode === 2067 || errcode === 1555;
}
