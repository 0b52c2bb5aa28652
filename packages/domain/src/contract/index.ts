/**
 * The API contract: for each area, its paths, request and response schemas (zod) and their
 * inferred types. The server validates and documents with the schemas; the web imports the
 * types (`import type`), so zod stays out of the web's first load (ADR 0021).
 *
 * One module per area; add a line here when you add an area.
 */
export * from './common.ts';
