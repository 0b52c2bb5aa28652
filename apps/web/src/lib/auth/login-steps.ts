import type { ApiUser } from '@balai/domain';
import type { HttpClient } from '../http-client.ts';
import { apiPaths } from '../paths.ts';
import { isAdministrator } from './auth-state.ts';

export interface Credentials {
  /** An e-mail address or a 16-digit NIK. */
  email: string;
  password: string;
}

interface LoginResponse {
  data: { token: string; expires_at?: string; user?: ApiUser };
}

/**
 * Steps 1–3 of the login (SPEC section 4): get a token, fetch the identity with it, then the
 * user detail by id. Our server lets only administrators read /users/detail, so residents use
 * the profile as their detail (apps/web/README.md, "Deviations"). Nothing is stored here.
 */
export async function runLoginSteps(client: HttpClient, credentials: Credentials) {
  // The device id's code loads with the first login: the first load of every page need not carry it.
  const device = (await import('./device-id.ts')).deviceId();
  const { data } = await client.post<LoginResponse>(
    apiPaths.login,
    device ? { ...credentials, device } : credentials,
  );
  const token = data.token;
  const profile = (await client.get<{ data: ApiUser }>(apiPaths.profile, { token })).data;
  const detail = isAdministrator(profile)
    ? (await client.get<{ data: ApiUser }>(apiPaths.userDetail(profile.id), { token })).data
    : profile;
  return { token, user: detail };
}
