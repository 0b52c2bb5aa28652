import type { Generated } from 'kysely';
import type { LetterCode, LetterStatus } from '@balai/domain';

/**
 * Tables of the letter engine (issue 4, migration 0004). One `letter_requests` table holds the
 * requests of all 15 types; JSON columns are TEXT holding JSON, so both databases read them the
 * same way (ADR 0002).
 */
export interface LetterRequestsTable {
  id: Generated<number>;
  /** Letter type code ('ku'). */
  type: LetterCode;
  /** The resident the letter is for; null when an admin typed the applicant of an unregistered person. */
  applicant_user_id: number | null;
  /** Who filed it (the resident, or the admin filing on someone's behalf). */
  filed_by: number | null;
  /** JSON of the applicant block frozen at submission (ApplicantSnapshot). */
  applicant: string;
  /** Copied out of the snapshot for the admin's search and list. */
  applicant_name: string;
  /** The name's words, normalised (lower case, no diacritics), space-separated: the search key. */
  applicant_name_key: string;
  applicant_nik: string;
  /** 1 when the applicant's identity was verified by the office when the request was filed (0005). */
  applicant_verified: Generated<number>;
  /** JSON of the type's fields, validated by the type's schema (includes purpose and phone). */
  data: string;
  purpose: string | null;
  phone: string | null;
  status: LetterStatus;
  /** The last note an administrator gave (what is missing, why it is refused). */
  note: string | null;
  /** Letter number, assigned when the letter is issued; unique. */
  number: string | null;
  number_seq: number | null;
  number_year: number | null;
  /** Random 192-bit token of the public verification page; never the id. */
  verify_token: string;
  /** Idempotency-Key header of the POST that created it; unique per filer. */
  idempotency_key: string | null;
  issued_at: string | null;
  created_at: string;
  updated_at: string;
  /** The register person the letter is for (0018); null for a typed applicant or an older letter. */
  subject_person_id: number | null;
  /** The birth or death recorded in the register from this letter (0018); set at most once. */
  register_event_id: number | null;
}

/**
 * What a request can be found by (a word of the applicant's name, the NIK, the number), with
 * the request's type, status and date copied in, so one index answers a filtered search (ADR 0009).
 */
export interface LetterSearchTermsTable {
  letter_request_id: number;
  term: string;
  type: LetterCode;
  status: LetterStatus;
  created_at: string;
}

/** Every status change of a request (and its creation, from null). */
export interface LetterEventsTable {
  id: Generated<number>;
  letter_request_id: number;
  actor_id: number | null;
  from_status: LetterStatus | null;
  to_status: LetterStatus;
  note: string | null;
  /** JSON FieldChange[] of an edit (migration 0007); null for a status change alone. */
  changes: string | null;
  created_at: string;
}

/** The last sequence number given out per numbering scope and year (ADR 0007). */
export interface LetterSequencesTable {
  /** The classification code when the number format prints it, else '*' (one register). */
  scope: string;
  /** The year the sequence belongs to; 0 when the format prints no year (never resets). */
  year: number;
  last_seq: number;
  updated_at: string;
}

/** The archive of issued letters: the exact PDF bytes live in `files` (ADR 0008). */
export interface PdfHistoriesTable {
  id: Generated<number>;
  letter_request_id: number;
  type: LetterCode;
  file_id: number;
  sha256: string;
  number: string;
  issued_at: string;
  issued_by: number | null;
  /** Seconds from submission to issue (the dashboard's median). */
  processing_seconds: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  body: string;
  /** Where the web app opens it, e.g. /service/ku/12. */
  link: string | null;
  /** The request it is about, so deleting the request removes it. */
  letter_request_id: number | null;
  read_at: string | null;
  created_at: string;
}

/** Tables of the letter engine (issue 4). */
/** A photo of one requirement of a request (migration 0006, ADR 0015). */
export interface LetterAttachmentsTable {
  id: Generated<number>;
  /** Null while staged for a request not yet sent, and after its request was deleted. */
  letter_request_id: number | null;
  type: LetterCode;
  /** The requirement's key in the type's definition. */
  requirement: string;
  /** The resident whose storage it counts against (the request's resident). */
  owner_user_id: number | null;
  uploaded_by: number | null;
  /** Always image/jpeg: only sharp's re-encoding is stored. */
  mime: string;
  bytes: Buffer;
  size: number;
  width: number;
  height: number;
  thumb_bytes: Buffer;
  thumb_size: number;
  sha256: string;
  /** When its request was deleted; removed after the retention period. */
  released_at: string | null;
  created_at: string;
}

export interface LettersTables {
  letter_requests: LetterRequestsTable;
  letter_search_terms: LetterSearchTermsTable;
  letter_events: LetterEventsTable;
  letter_sequences: LetterSequencesTable;
  pdf_histories: PdfHistoriesTable;
  notifications: NotificationsTable;
  letter_attachments: LetterAttachmentsTable;
}
