import { HttpError } from '../lib/http-error.ts';

/** The 422 of an e-mail or NIK another account holds (the users API and the profile). */
export function uniqueClashError(clashes: { email: boolean; nik: boolean }): HttpError {
  const errors: Record<string, string[]> = {};
  if (clashes.email) errors.email = ['E-mail ini sudah dipakai oleh pengguna lain.'];
  if (clashes.nik) errors.nik = ['NIK ini sudah terdaftar pada pengguna lain.'];
  return new HttpError(422, Object.values(errors)[0]![0]!, errors);
}
