import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { requiredOnline, type LetterCode, type LetterType } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../../packages/domain/src/testing/letter-examples.ts';
import type { Db } from '../src/db/database.ts';
import type { UserWrite } from '../src/repositories/users.ts';
import { jpeg, multipart } from './content-fixtures.ts';
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

/**
 * For suites that build many requests per resident as fixtures: the caps on a resident's own
 * submissions off (they have their own test, letters-caps.test.ts, with the defaults).
 */
export const NO_SUBMISSION_CAPS = {
  LETTER_MAX_OPEN_PER_RESIDENT: '0',
  LETTER_MAX_OPEN_PER_TYPE: '0',
  LETTER_MAX_SUBMISSIONS_PER_HOUR: '0',
} as const;

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

/** Stages a photo of one requirement for the resident's next request of `type`; the answer. */
export async function stagePhoto(
  app: FastifyInstance,
  token: string,
  type: LetterType,
  requirement: string,
  bytes?: Buffer,
) {
  const body = multipart([
    {
      name: 'file',
      filename: 'foto.jpg',
      type: 'image/jpeg',
      data: bytes ?? (await jpeg(900, 1200)),
    },
  ]);
  return app.inject({
    method: 'POST',
    url: `${type.base}/attachments?requirement=${requirement}`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

/**
 * A resident's request body for `type` with a staged photo of each requirement the type needs
 * online (ADR 0015) in `attachments`; the example data unless `body` is given.
 */
export async function withRequiredPhotos(
  app: FastifyInstance,
  token: string,
  type: LetterType,
  body: Record<string, unknown> = example(type.code),
): Promise<Record<string, unknown>> {
  const ids: number[] = [];
  for (const r of requiredOnline(type)) {
    const res = await stagePhoto(app, token, type, r.key);
    if (res.statusCode !== 201) throw new Error(`staging ${r.key}: ${res.statusCode} ${res.body}`);
    ids.push(res.json().data.id as number);
  }
  return ids.length > 0 ? { ...body, attachments: ids } : body;
}
