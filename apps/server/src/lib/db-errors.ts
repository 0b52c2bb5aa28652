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

/**
 * SQLSTATE classes and codes of a database that is away rather than of a bad statement; 57014 is
 * a statement cancelled by the requests' statement_timeout (db/database.ts, issue 19.6).
 */
const UNAVAILABLE_SQLSTATES = /^(?:08...|57P0[1-3]|57014|53300)$/;
/** Errors of the socket under pg, when the server is down or the connection was cut. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What pg says when a connection ended under a query, or could not be had in time. */
const UNAVAILABLE_MESSAGES =
  /^(?:Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

/**
 * Whether `err` means the database cannot be reached right now (PostgreSQL shut down,
 * restarting, crashed, the connection terminated), so the request should be answered 503
 * and may be retried — not a fault of the request or of the server.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_SQLSTATES.test(e.code) || UNAVAILABLE_ERRNOS.has(e.code)) return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  // Node's AggregateError when every address of a host refused (IPv4 and IPv6 of localhost).
  if (Array.isArray(e.errors) && e.errors.length > 0) return e.errors.every(isDatabaseUnavailable);
  return false;
}

/**
 * Codes of a write refused because the disk is full: SQLite's SQLITE_FULL (and its extended
 * codes), PostgreSQL's SQLSTATE 53100 disk_full, the operating system's ENOSPC and EDQUOT (a
 * file written by the server: the mail outbox, a backup).
 */
const DISK_FULL_CODES = /^(?:SQLITE_FULL(?:_\w+)?|53100|ENOSPC|EDQUOT)$/;

/**
 * Whether `err` means the server is out of disk space (docs/reliability.md, issue 19.4): the
 * request is answered 503 and may be sent again once space has been freed. Looks through
 * `cause` and AggregateError's `errors`, where a driver may have wrapped it.
 */
export function isDiskFull(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && DISK_FULL_CODES.test(e.code)) return true;
  if (e.cause !== undefined && isDiskFull(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((x) => isDiskFull(x, depth + 1));
}
