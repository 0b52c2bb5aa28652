export const ADMIN = { email: 'admin@e2e.desa.id', password: 'admin-e2e-rahasia' };
export const RESIDENT = {
  email: 'siti.rahmawati@sukamaju.desa.id',
  password: 'warga-e2e-rahasia',
  name: 'Siti Rahmawati',
};
/** The demo village's Kepala Desa, who approves every letter (issue 15). */
export const HEAD = { email: 'kades@sukamaju.desa.id', password: 'warga-e2e-rahasia' };
