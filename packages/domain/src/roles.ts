export const ROLES = ['ADMINISTRATOR', 'WARGA'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { ADMINISTRATOR: 'Administrator', WARGA: 'Warga' };
