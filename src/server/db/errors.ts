/** Database errors matched by their code, never by message text (style.md point 9). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  // PostgreSQL: SQLSTATE 23505. node:sqlite: SQLITE_CONSTRAINT_UNIQUE (2067) / PRIMARYKEY (1555).
  return code === '23505' || errcode === 2067 || errcode === 1555;
}

/** SQLite result codes (primary, the low byte of the extended code) that mean "cannot write". */
const SQLITE_CANNOT_WRITE = new Set([8 /* READONLY */, 10 /* IOERR */, 13 /* FULL */]);
/** PostgreSQL SQLSTATEs: disk_full, out of memory, read-only transaction, cannot connect now. */
const POSTGRES_CANNOT_WRITE = new Set(['53100', '53200', '25006', '57P03']);
const SYSTEM_CANNOT_WRITE = new Set(['ENOSPC', 'EROFS', 'EDQUOT']);

/** Whether an error says the database cannot store anything now (full disk, read-only). */
export function isStorageFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number' && SQLITE_CANNOT_WRITE.has(errcode & 0xff)) return true;
  return (
    typeof code === 'string' && (POSTGRES_CANNOT_WRITE.has(code) || SYSTEM_CANNOT_WRITE.has(code))
  );
}
