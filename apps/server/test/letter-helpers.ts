import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LetterCode } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../../packages/domain/src/testing/letter-examples.ts';
import type { Db } from '../src/db/database.ts';
import type { UserWrite } from '../src/repositories/users.ts';
import { bearer, makeUser } from './helpers.ts';

export { LETTER_EXAMPLES };

/** A complete applicant profile, so the resident can request letters. */
export const FULL_PROFILE = {
  kk_number: '3201011203100045',
  phone: '081234567801',
  birth_place: 'Bogor',
  birth_date: '1988-06-05',
  gender: 'Perempuan',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: 'Pedagang',
  education: 'SMA/Sederajat',
  nationality: 'WNI',
  address: 'Jl. Raya Sukamaju No. 12',
  rt: '002',
  rw: '001',
  hamlet: 'Dusun Cibeureum',
} as const;

/** A resident whose profile is complete. */
export function makeResident(db: Db, values: Partial<UserWrite> = {}) {
  return makeUser(db, { ...FULL_PROFILE, role: 'WARGA', ...values });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An `inject` bound to one token (or none). */
export function client(app: FastifyInstance, token: string | null) {
  return (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export const example = (code: LetterCode) => ({ ...LETTER_EXAMPLES[code] });

/** The text of a PDF, extracted by poppler's pdftotext (the real binary). */
export function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-pdf-'));
  try {
    const file = path.join(dir, 'letter.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whitespace-insensitive: pdftotext breaks lines and pads columns. */
export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
