export const ROLES = ['ADMINISTRATOR', 'WARGA'] as const;
export type Role = (typeof ROLES)[number];
/** The role names for SQL filters; every other question about roles is the policy's (policy.ts). */
export const ADMIN_ROLE = 'ADMINISTRATOR' satisfies Role;
export const RESIDENT_ROLE = 'WARGA' satisfies Role;
export const ROLE_LABELS: Record<Role, string> = { ADMINISTRATOR: 'Administrator', WARGA: 'Warga' };

/**
 * The admin area and the office's powers are for users whose first role name, lower-cased, is
 * "administrator" (SPEC 6). Takes an API user (`roles`) or a stored one (`role`).
 */
export function isAdmin(
  user: { roles?: readonly { name: string }[]; role?: string } | null | undefined,
): boolean {
  const first = user?.roles ? user.roles[0]?.name : user?.role;
  return typeof first === 'string' && first.toLowerCase() === 'administrator';
}
