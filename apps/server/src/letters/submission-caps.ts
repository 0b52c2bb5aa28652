import type { LetterType } from '@balai/domain';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';
import type { SubmissionCaps, SubmissionCapReached } from '../repositories/letter-submissions.ts';

/** The caps of a resident's own submissions, from the configuration (issue 14.7). */
export function submissionCaps(config: Config): SubmissionCaps {
  return {
    maxOpen: config.LETTER_MAX_OPEN_PER_RESIDENT,
    maxOpenOfType: config.LETTER_MAX_OPEN_PER_TYPE,
    maxPerHour: config.LETTER_MAX_SUBMISSIONS_PER_HOUR,
  };
}

/**
 * The answer to a cap: 422 for too many open requests (something the resident can change by
 * waiting for or cancelling one), 429 with Retry-After for too many submissions in an hour.
 */
export function capError(reached: SubmissionCapReached, type: LetterType): HttpError {
  switch (reached.cap) {
    case 'per_hour': {
      const minutes = Math.max(1, Math.ceil((reached.retryAfterSeconds ?? 60) / 60));
      return new HttpError(
        429,
        `Anda sudah mengajukan ${reached.limit} permohonan dalam satu jam terakhir. Silakan coba lagi dalam ${minutes} menit.`,
        undefined,
        { 'retry-after': String(reached.retryAfterSeconds ?? 60) },
      );
    }
    case 'open_of_type':
      return new HttpError(
        422,
        `Anda masih memiliki ${reached.limit} permohonan ${type.title} yang sedang diproses. Tunggu hingga salah satunya selesai, atau batalkan permohonan yang tidak diperlukan, sebelum mengajukan lagi.`,
      );
    case 'open':
      return new HttpError(
        422,
        `Anda masih memiliki ${reached.limit} permohonan surat yang sedang diproses. Tunggu hingga salah satunya selesai, atau batalkan permohonan yang tidak diperlukan, sebelum mengajukan lagi.`,
      );
  }
}
