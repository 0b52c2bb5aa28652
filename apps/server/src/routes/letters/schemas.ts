import {
  LETTER_STATUS_LABELS,
  apiPaths,
  availableTransitions,
  canEditLetter,
  noteFor,
  publicPaths,
  type LetterType,
  type TransitionContext,
} from '@balai/domain';
import type { ApiLetterRequest } from '@balai/domain/contract';
import {
  parseApplicant,
  parseData,
  type LetterRequestRow,
} from '../../repositories/letter-requests.ts';
import type { UserRow } from '../../repositories/users.ts';
import { letterName } from '../../letters/notices.ts';
import { typeOf } from '../letter-type-of.ts';

// Letter requests as their viewer sees them (the shapes: packages/domain/src/contract/letters.ts).

/** A request as its viewer sees it, with the status actions open to them. */
export function toApiLetterRequest(
  row: LetterRequestRow,
  viewer: UserRow,
  publicUrl: string,
  pdf: { id: number; sha256: string } | null,
  /** The viewer's transition context per type (approval, signer; issue 15); none: a resident. */
  signing?: (type: LetterType) => TransitionContext,
): ApiLetterRequest {
  const type = typeOf(row);
  const completed = row.status === 'completed';
  return {
    id: row.id,
    type: type.code,
    type_title: type.title,
    letter_title: letterName(type),
    status: row.status,
    status_label: LETTER_STATUS_LABELS[row.status],
    number: row.number,
    applicant_user_id: row.applicant_user_id,
    applicant: parseApplicant(row),
    applicant_verified: row.applicant_verified === 1,
    fields: parseData(row),
    purpose: row.purpose,
    phone: row.phone,
    // The office's internal notes stay with the office (issue 18.2, packages/domain letters/notes.ts).
    note: noteFor(viewer.role, row.status, row.note),
    editable: canEditLetter(row.status, viewer.role),
    actions: availableTransitions(row.status, viewer.role, signing?.(type)).map((t) => ({
      status: t.to,
      label: t.actionLabel,
      note_required: t.noteRequired,
    })),
    pdf:
      completed && pdf
        ? { history_id: pdf.id, sha256: pdf.sha256, url: apiPaths.letterPdf(type.base, row.id) }
        : null,
    verify_url: completed ? `${publicUrl}${publicPaths.verifyPage(row.verify_token)}` : null,
    issued_at: row.issued_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The UTC instants bounding village days `from` … `to` (inclusive). */
export function dateBounds(from?: string, to?: string): { start?: string; end?: string } {
  const start = from ? new Date(`${from}T00:00:00+07:00`).toISOString() : undefined;
  let end: string | undefined;
  if (to) {
    const d = new Date(`${to}T00:00:00+07:00`);
    d.setUTCDate(d.getUTCDate() + 1);
    end = d.toISOString();
  }
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}
