import {
  GENERIC_FAILURE,
  errorMessage,
  fieldErrors,
  httpStatus,
} from '../../../lib/http-client.ts';

/**
 * What to tell the signer when a call failed, in Indonesian: the server's own message (it names
 * the wrong password, the 403 of a non-signer, the 409 of a letter someone else moved, the 429
 * with the minutes to wait), or what a lost connection means.
 */
export function signingFailure(error: unknown): string {
  const message = errorMessage(error);
  if (message !== GENERIC_FAILURE) return message;
  const status = httpStatus(error);
  if (status === 429) return 'Terlalu banyak percobaan. Tunggu beberapa menit, lalu coba lagi.';
  if (status === 403) return 'Anda tidak berwenang menandatangani surat ini.';
  return 'Server tidak dapat dihubungi. Periksa koneksi internet Anda, lalu coba lagi.';
}

/** The 422's message on one field, if the failure is one. */
export function fieldFailure(error: unknown, field: string): string | null {
  return fieldErrors(error)?.[field]?.[0] ?? null;
}
