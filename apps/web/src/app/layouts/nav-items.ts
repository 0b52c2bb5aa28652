import { paths } from '../../lib/paths.ts';

/** The top navigation (SPEC section 2), also listed in the side menu and the footer. */
export const NAV_ITEMS = [
  { label: 'Beranda', to: paths.home },
  { label: 'Profil Desa', to: paths.about },
  { label: 'Layanan', to: paths.service },
] as const;

/** The signed-in user's own pages, in the user menu and the side menu. */
export const USER_ITEMS = [
  { label: 'Profil Saya', to: paths.profile.root },
  { label: 'Riwayat Surat', to: paths.profile.letterHistory },
] as const;
