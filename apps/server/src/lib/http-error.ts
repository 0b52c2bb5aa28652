/** An error that becomes a response of the contract's shape: `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Data tidak ditemukan.') => new HttpError(404, message);
export const forbidden = (message = 'Anda tidak memiliki akses untuk tindakan ini.') =>
  new HttpError(403, message);
export const unauthorized = (message = 'Silakan masuk terlebih dahulu.') =>
  new HttpError(401, message);
export const conflict = (message: string) => new HttpError(409, message);

/** One field's 422, worded for the person who typed it. */
export const invalidField = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });
