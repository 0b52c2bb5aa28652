/**
 * The signer's approval (issue 15, docs/signing.md): letters awaiting signature are issued
 * through the one issuing path (issuing.ts), each in its own transaction, with the signer's
 * record printed on them and their signature frozen in `letter_signatures`. Returning a letter
 * is the workflow's status change (awaiting_signature → processing, note required).
 */
import {
  LETTER_STATUS_LABELS,
  POSITION_LABELS,
  SIGNER_ONLY,
  letterTypeByCode,
  requestReference,
  type LetterType,
} from '@balai/domain';
import { HttpError, conflict, forbidden, notFound } from '../lib/http-error.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import { findLetterRequest, type LetterRequestRow } from '../repositories/letter-requests.ts';
import { insertNotifications } from '../repositories/notifications.ts';
import {
  insertLetterSignature,
  lastSignatureRequests,
  signatureBytes,
} from '../repositories/signing.ts';
import { REQUEST_NOT_FOUND } from './conflicts.ts';
import { assertSubjectLiving } from './family.ts';
import { issueLetter } from './issuing.ts';
import { adminLink, signedNotice } from './notices.ts';
import { signerTitle, signingState } from './signing-rules.ts';
import type { Actor, WorkflowDeps } from './types.ts';
import { changeLetterRequest } from './workflow.ts';

export interface Approved {
  id: number;
  type: LetterType;
  row: LetterRequestRow;
}

export interface ApprovalFailure {
  id: number;
  status: number;
  message: string;
}

const typeOfRow = (row: LetterRequestRow): LetterType => {
  const type = letterTypeByCode(row.type);
  if (!type) throw new Error(`letter request of unknown type ${row.type}`);
  return type;
};

/**
 * Approves and issues letters awaiting signature. The signer's password or PIN has been checked
 * by the caller. Every id is checked first (unknown: 404, not awaiting signature or its person no
 * longer living in the village: 409) and
 * nothing is issued when one fails; then each letter is issued in its own transaction. A letter
 * someone else moved meanwhile (another approval of the same letter, a return) is a failure of
 * its own; when every letter failed that way, the first failure is thrown.
 */
export async function approveLetters(
  deps: WorkflowDeps,
  actor: Actor,
  ids: readonly number[],
  method: 'password' | 'pin',
): Promise<{ approved: Approved[]; failed: ApprovalFailure[] }> {
  const { db } = deps;
  const user = actor.user;
  const state = await signingState(db, user);
  if (!state.signer.canSign) throw forbidden(SIGNER_ONLY);
  const onBehalf = state.signer.onBehalf;

  const rows: LetterRequestRow[] = [];
  for (const id of ids) {
    const row = await findLetterRequest(db, id);
    if (!row) throw notFound(`${REQUEST_NOT_FOUND} (nomor ${id})`);
    if (row.status !== 'awaiting_signature') {
      throw conflict(
        `${requestReference(row.type, row.id)} tidak menunggu tanda tangan (status sekarang: "${LETTER_STATUS_LABELS[row.status]}"). Muat ulang antrean lalu coba lagi.`,
      );
    }
    // As the desk's moves (workflow.ts): no letter is issued for a person who has since died,
    // moved away or been lost (issue 21); 409 with the register's reason, nothing issued.
    await assertSubjectLiving(db, user, row);
    rows.push(row);
  }
  const clerks = await lastSignatureRequests(
    db,
    rows.map((r) => r.id),
  );
  const image = await signatureBytes(db, user.signature_file_id);
  const position = user.position ?? 'kepala_desa';

  const approved: Approved[] = [];
  const failed: ApprovalFailure[] = [];
  for (const row of rows) {
    const type = typeOfRow(row);
    const clerk = clerks.get(row.id)?.actor_id ?? null;
    try {
      const completed = await issueLetter(deps, type, actor, row, {
        signature: {
          printed: {
            name: user.name,
            nip: user.nip,
            position: POSITION_LABELS[position],
            onBehalf,
            image,
          },
          async record(trx, done, issuedAt) {
            await insertLetterSignature(trx, {
              letter_request_id: done.id,
              signer_id: user.id,
              signer_name: user.name,
              signer_position: position,
              signer_nip: user.nip,
              on_behalf: onBehalf ? 1 : 0,
              method,
              requested_by: clerk,
              signed_at: issuedAt,
            });
            if (clerk !== null && clerk !== user.id) {
              const notice = signedNotice(type, done.id, {
                kind: 'approved',
                signer: signerTitle(user.name, user.position, onBehalf),
                number: done.number ?? '-',
              });
              await insertNotifications(trx, [clerk], {
                ...notice,
                link: adminLink(type, done.id),
                letter_request_id: done.id,
                created_at: issuedAt,
              });
            }
            await writeAudit(trx, {
              action: 'signing.approve',
              user_id: user.id,
              subject_type: 'letter_request',
              subject_id: done.id,
              ip: actor.ip,
              detail: {
                type: type.code,
                number: done.number,
                position,
                on_behalf: onBehalf,
                method,
              },
            });
          },
        },
      });
      approved.push({ id: row.id, type, row: completed });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      failed.push({ id: row.id, status: err.statusCode, message: err.message });
    }
  }
  if (approved.length === 0 && failed[0]) {
    const first = failed[0];
    throw new HttpError(first.status, first.message);
  }
  return { approved, failed };
}

/** The signer sends a letter back to the clerk with a note: the workflow's status change. */
export async function returnLetter(
  deps: WorkflowDeps,
  actor: Actor,
  id: number,
  note: string,
): Promise<LetterRequestRow> {
  const row = await findLetterRequest(deps.db, id);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return changeLetterRequest(deps, typeOfRow(row), actor, id, {
    fields: {},
    status: 'processing',
    note,
  });
}
