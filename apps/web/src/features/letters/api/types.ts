import type { ApiAttachment } from './attachments.ts';
import type {
  ApplicantSnapshot,
  FieldChange,
  FieldValue,
  LetterCode,
  LetterStatus,
  Role,
} from '@balai/domain';

/** A status change the viewer may make now (e.g. the resident's "Batalkan"). */
export interface LetterAction {
  status: LetterStatus;
  label: string;
  note_required: boolean;
}

/** One step of a request's timeline. Residents see the office's role, not who acted. */
export interface LetterEvent {
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

/** A letter request as the API answers it (docs/letters.md, "API"). */
export interface LetterRequest {
  id: number;
  type: LetterCode;
  type_title: string;
  letter_title: string;
  status: LetterStatus;
  status_label: string;
  number: string | null;
  applicant_user_id: number | null;
  applicant: ApplicantSnapshot;
  /** The applicant block came from a profile the village office had verified, when it was filed. */
  applicant_verified: boolean;
  fields: Record<string, FieldValue>;
  purpose: string | null;
  phone: string | null;
  note: string | null;
  editable: boolean;
  actions: LetterAction[];
  pdf: { history_id: number; sha256: string; url: string } | null;
  verify_url: string | null;
  issued_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LetterRequestDetail extends LetterRequest {
  events: LetterEvent[];
  /** Photos of the requirements, oldest first (ADR 0015). */
  attachments: ApiAttachment[];
}

/** An entry of the archive of issued letters (GET /api/pdf-histories). */
export interface PdfHistory {
  id: number;
  letter_request_id: number;
  type: LetterCode;
  type_title: string;
  letter_title: string;
  number: string;
  applicant_name: string;
  sha256: string;
  size: number | null;
  file_name: string;
  issued_at: string;
  issued_by_name: string | null;
  download_url: string;
  request_link: string;
  verify_url: string;
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}
