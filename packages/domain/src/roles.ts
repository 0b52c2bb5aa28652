export const ROLES = ['ADMINISTRATOR', 'WARGA'] as const;
export type Role = (typeof ROLES)[number];
/** The role names for SQL filters; every other question about roles is the policy's (policy.ts). */
export const ADMIN_ROLE = 'ADMINISTRATOR' satisfies Role;
export const RESIDENT_ROLE = 'WARGA' satisfies Role;
export const ROLE_LABELS: Record<Role, string> = { ADMINISTRATOR: 'Administrator', WARGA: 'Warga' };

/** The first role name, lower-cased, is "administrator" (SPEC 6): in policy-base.ts, zod-free. */
export { isAdmin } from './policy-base.ts';
