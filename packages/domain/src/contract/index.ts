/**
 * The API contract: for each area, its paths, request and response schemas (zod) and their
 * inferred types. The server validates and documents with the schemas; the web imports the
 * types (`import type`), so zod stays out of the web's first load (ADR 0021).
 *
 * One module per area; add a line here when you add an area.
 */
export * from './common.ts';
export * from './paths.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './settings.ts';
export * from './letters.ts';
export * from './letter-mutations.ts';
export * from './signing.ts';
export * from './notifications.ts';
export * from './dashboard.ts';
export * from './health.ts';
export * from './register.ts';
export * from './register-reports.ts';
export * from './accounts.ts';
export * from './register-links.ts';
export * from './notices.ts';
