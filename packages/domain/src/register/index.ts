// The population register (issue 24): code lists, NIK checks, person fields, events. Zod-free.
export * from './codes.ts';
export * from './nik.ts';
export * from './fields.ts';
export * from './events.ts';
export * from './ages.ts';
