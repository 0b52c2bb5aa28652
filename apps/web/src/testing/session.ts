import type { ApiUser } from '@balai/domain';
import { AUTH_STORAGE_KEY, type AuthState } from '../lib/auth/auth-state.ts';
import { TOKEN_KEY } from '../lib/session-token.ts';

export const RESIDENT: ApiUser = {
  id: 7,
  name: 'Siti Aminah',
  email: 'siti@contoh.id',
  role: 'WARGA',
  roles: [{ name: 'WARGA' }],
  active: true,
  nik: '3203012345670001',
  kk_number: null,
  phone: '081234567890',
  birth_place: 'Cianjur',
  birth_date: '1990-04-12',
  gender: 'Perempuan',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: null,
  education: 'SMA/Sederajat',
  nationality: 'WNI',
  address: 'Kp. Cibodas',
  rt: '001',
  rw: '002',
  hamlet: 'Cibodas',
  identity_verified_at: null,
  identity_verified_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

export const ADMIN: ApiUser = {
  ...RESIDENT,
  id: 1,
  name: 'Budi Admin',
  email: 'admin@contoh.id',
  role: 'ADMINISTRATOR',
  roles: [{ name: 'ADMINISTRATOR' }],
};

/** Puts a signed-in session in storage, as a previous page load would have left it. */
export function seedSession(user: ApiUser, overrides: Partial<AuthState> = {}) {
  const state: AuthState = {
    isLoading: false,
    user: { id: user.id, name: user.name, email: user.email, roles: user.roles },
    status: 'authenticated',
    expiredAt: Date.now() + 60 * 60 * 1000,
    remember: { email: '' },
    ...overrides,
  };
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(state));
  window.sessionStorage.setItem(TOKEN_KEY, 'token-abc');
  return state;
}

export function storedAuth(): AuthState {
  return JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as AuthState;
}
