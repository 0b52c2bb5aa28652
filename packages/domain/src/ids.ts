/**
 * The largest id a record can have: the keys are PostgreSQL `integer` columns (SQLite's are
 * wider). A larger number in an address, a query or a body names nothing, and PostgreSQL would
 * refuse to compare it with a key ("value out of range for type integer"), so every id schema
 * stops here: such a request is a 404 or a 422, never a 500 (found by the fuzz proof suite).
 */
export const MAX_ID = 2_147_483_647;
