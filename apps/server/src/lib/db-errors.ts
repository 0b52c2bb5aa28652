/**
 * Unique-constraint violations, recognised on both databases: PostgreSQL reports SQLSTATE 23505
 * with the constraint's name, SQLite reports SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY) with the
 * columns in the message.
 */
export function isUniqueViolation(
  err: unknown,
  hint?: { constraint: string; columns: string },
): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === '23505') return !hint || e.constraint === hint.constraint;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return !hint || (typeof e.message === 'string' && e.message.includes(hint.columns));
  }
  return false;
}
