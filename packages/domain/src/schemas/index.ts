/**
 * The request schemas (zod), built only from the model (ADR 0021, issue 20): the model files
 * (users.ts, signing.ts, settings.ts, user-fields.ts, …) stay zod-free; the contract re-exports
 * these per API area.
 */
export * from './builders.ts';
export * from './fields.ts';
export * from './users.ts';
export * from './signing.ts';
export * from './settings.ts';
