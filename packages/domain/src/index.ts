export * from './choices.ts';
export * from './dates.ts';
export * from './messages.ts';
export * from './roles.ts';
export * from './users.ts';
