/**
 * Issuing a letter (DESIGN section 4): the request moves to `completed`, takes the next number
 * of its sequence, and its PDF is rendered once and archived with its event, the resident's
 * notice and the audit row, all in one transaction. Reached through `changeLetterRequest`.
 */
import type { Kysely } from 'kysely';
import {
  isLoopbackUrl,
  loopbackQrRefusal,
  publicPaths,
  todayIso,
  type ApplicantSnapshot,
  type FieldValues,
  type LetterType,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { conflict } from '../lib/http-error.ts';
import { findFile } from '../repositories/files.ts';
import {
  parseApplicant,
  parseData,
  updateLetterRequestIfStatus,
  type LetterRequestRow,
} from '../repositories/letter-requests.ts';
import { recordIssuedLetter } from '../repositories/letter-issuance.ts';
import { nextSequence } from '../repositories/letter-sequences.ts';
import { getSettings } from '../repositories/settings.ts';
import { staleConflict } from './conflicts.ts';
import { letterPdfInput } from './letter-document.ts';
import { residentLink, residentNotice } from './notices.ts';
import { letterMessage } from './notice-messages.ts';
import { formatLetterNumber, sequenceKey } from './numbering.ts';
import { renderLetterPdf } from './pdf/index.ts';
import type { LetterPdfSigner } from './pdf/index.ts';
import { printedHead } from './signing-rules.ts';
import type { Actor, WorkflowDeps } from './types.ts';

/** An approval issuing a letter: the printed block, and what it writes besides (letter_signatures, notices). */
export interface IssueSignature {
  printed: Omit<LetterPdfSigner, 'signedAt'>;
  record(trx: Kysely<Database>, completed: LetterRequestRow, issuedAt: string): Promise<void>;
}

/**
 * The village logo's bytes, by file id. A file row never changes and an id is never given again
 * (AUTOINCREMENT on SQLite, a sequence on PostgreSQL), so the bytes read once stay right; a new
 * logo is a new id. One entry per database: the village has one logo at a time.
 */
const lastLogo = new WeakMap<Kysely<Database>, { id: number; bytes: Buffer | null }>();
async function logoBytes(db: Kysely<Database>, id: number): Promise<Buffer | null> {
  let entry = lastLogo.get(db);
  if (entry?.id !== id) {
    const file = await findFile(db, id);
    entry = { id, bytes: file ? Buffer.from(file.bytes) : null };
    lastLogo.set(db, entry);
  }
  return entry.bytes;
}

/**
 * Completes a request: in one transaction the status changes (only if nobody changed it
 * meanwhile), the next number of the sequence is taken, the letter is rendered once and its
 * bytes stored with an archive entry, and the resident is notified. Settings and logo are read
 * before the transaction so it holds its locks only for the work that needs them.
 */
export async function issueLetter(
  deps: WorkflowDeps,
  type: LetterType,
  actor: Actor,
  row: LetterRequestRow,
  changes: {
    data?: FieldValues | undefined;
    applicant?: ApplicantSnapshot | undefined;
    note?: string | null | undefined;
    /**
     * The signer's approval (issue 15, letters/signing.ts): the block printed from their record
     * with the e-signature line, and what to write with the issue in its transaction.
     */
    signature?: IssueSignature | undefined;
  },
): Promise<LetterRequestRow> {
  const { db } = deps;
  const settings = await getSettings(db);
  // A QR code that only opens on this computer: refused unless the administrator confirmed it
  // (a demo), issue 25.1. Nothing is written before this.
  if (isLoopbackUrl(deps.publicUrl) && settings.allow_loopback_qr !== 1) {
    throw conflict(loopbackQrRefusal(deps.publicUrl));
  }
  const logo = settings.logo_file_id ? await logoBytes(db, settings.logo_file_id) : null;
  const format = settings.letter_number_format;
  const signer = changes.signature ? undefined : await printedHead(db);

  return db.transaction().execute(async (trx) => {
    const at = new Date();
    const issuedAt = at.toISOString();
    const issuedOn = todayIso(at);
    const year = Number(issuedOn.slice(0, 4));
    // The number first, then one update that completes the request with it (a change of indexed
    // columns rewrites every index entry of the row, so once rather than twice). Should another
    // administrator have moved the request meanwhile, the update finds nothing and the
    // transaction, the number's increment included, rolls back.
    const seq = await nextSequence(trx, sequenceKey(format, type.classificationCode, year));
    const number = formatLetterNumber(format, {
      classificationCode: type.classificationCode,
      seq,
      villageCode: settings.village_code,
      issuedOn,
    });
    let completed: LetterRequestRow | undefined;
    try {
      completed = await updateLetterRequestIfStatus(trx, row.id, row.status, {
        status: 'completed',
        note: changes.note ?? null,
        ...(changes.data ? { data: changes.data } : {}),
        ...(changes.applicant ? { applicant: changes.applicant } : {}),
        issued_at: issuedAt,
        number,
        number_seq: seq,
        number_year: year,
        now: issuedAt,
      });
    } catch (err) {
      if (
        isUniqueViolation(err, {
          constraint: 'letter_requests_number_key',
          columns: 'letter_requests.number',
        })
      ) {
        throw conflict(
          `Nomor surat ${number} sudah dipakai surat lain. Periksa format nomor surat di Pengaturan, lalu coba lagi.`,
        );
      }
      throw err;
    }
    if (!completed) throw await staleConflict(trx, row.id);

    const pdf = await renderLetterPdf(
      letterPdfInput(
        {
          type,
          applicant: parseApplicant(completed),
          data: parseData(completed),
          number,
          issuedOn,
          issuedAt,
          verifyUrl: `${deps.publicUrl}${publicPaths.verifyPage(completed.verify_token)}`,
          signer: changes.signature ? { ...changes.signature.printed, signedAt: issuedAt } : signer,
        },
        settings,
        logo,
      ),
    );
    const notice = residentNotice(type, row.id, 'completed', {
      changedStatus: true,
      note: changes.note ?? null,
      number,
    });
    await recordIssuedLetter(trx, {
      requestId: row.id,
      type: type.code,
      pdf,
      number,
      issuedAt,
      issuedBy: actor.user.id,
      processingSeconds: Math.max(
        0,
        Math.round((at.getTime() - Date.parse(row.created_at)) / 1000),
      ),
      fromStatus: row.status,
      note: changes.note ?? null,
      residentNotice:
        completed.applicant_user_id === null
          ? null
          : {
              ...notice,
              userId: completed.applicant_user_id,
              link: residentLink(type, row.id),
              message: letterMessage(type, row.id, 'completed', changes.note ?? null, number),
            },
      ip: actor.ip,
      auditDetail: {
        type: type.code,
        from: row.status,
        to: 'completed',
        number,
        ...(changes.signature ? { on_behalf: changes.signature.printed.onBehalf } : {}),
      },
    });
    await changes.signature?.record(trx, completed, issuedAt);
    return completed;
  });
}
