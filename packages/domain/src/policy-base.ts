// The policy's first questions, "is this an administrator?" and "an active one?", in a module of
// their own: zod-free, a few lines and importing nothing, so the web's first load imports them
// (`@balai/domain/policy`) without the rest of the policy (its rules and messages, which only
// the admin chunks need; issue 20). roles.ts re-exports `isAdmin`, policy.ts `isActiveAdmin`.

/** Who is asked about: a stored account (`role`) or an API user (`roles`), and whether active. */
export interface AdminCheckUser {
  role?: string;
  roles?: readonly { name: string }[];
  active: boolean | number;
}

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

/** An active administrator: the office's powers (SPEC 6); the only place that says so. */
export function isActiveAdmin(user: AdminCheckUser | null | undefined): boolean {
  return !!user && isAdmin(user) && Boolean(user.active);
}
