import type { ApiAttachment } from '../../../lib/attachments.ts';
import type {
  ApplicantSnapshot,
  FieldChange,
  FieldValue,
  LetterCode,
  LetterStatus,
  Role,
} from '@balai/domain';

/**
 * A letter request as the API answers an administrator (docs/letters.md, "API"): only what
 * the desk reads. Features do not import each other, so the desk keeps its own shape.
 */
export interface DeskRequest {
  id: number;
  type: LetterCode;
  type_title: string;
  letter_title: string;
  status: LetterStatus;
  status_label: string;
  number: string | null;
  applicant_user_id: number | null;
  applicant: ApplicantSnapshot;
  applicant_verified: boolean;
  fields: Record<string, FieldValue>;
  purpose: string | null;
  phone: string | null;
  note: string | null;
  /** The status actions the server allows this viewer now (type's approval setting included). */
  actions?: { status: LetterStatus; label: string; note_required: boolean }[];
  pdf: { history_id: number; sha256: string; url: string } | null;
  issued_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One step of the timeline; the office sees who acted. */
export interface DeskEvent {
  id: number;
  from_status: LetterStatus | null;
  to_status: LetterStatus;
  to_label: string;
  note: string | null;
  /** What an edit changed (null for a status change alone). */
  changes: FieldChange[] | null;
  actor_name: string | null;
  actor_role: Role | null;
  created_at: string;
}

/** A photo of a requirement sent with the request (ADR 0015). */
/** A photo of a requirement sent with the request (the full shape: the review page shows them). */
export type DeskAttachment = ApiAttachment;

export interface DeskRequestDetail extends DeskRequest {
  events: DeskEvent[];
  attachments?: DeskAttachment[];
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}
