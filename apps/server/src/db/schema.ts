import type { Generated } from 'kysely';
import type { ContentTables } from './tables/content.ts';
import type { LettersTables } from './tables/letters.ts';
import type { SigningTables } from './tables/signing.ts';
import type { RegisterTables } from './tables/register.ts';
import type { NoticesTables } from './tables/notices.ts';
import type { ActivationCodesTables } from './tables/activation-codes.ts';
import type { Position } from '@balai/domain';

/**
 * Every table, as Kysely sees it. Timestamps are ISO-8601 UTC strings and flags are 0/1
 * integers on both SQLite and PostgreSQL, so one set of queries runs on both (ADR 0002).
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: 'ADMINISTRATOR' | 'WARGA';
  active: number;
  nik: string | null;
  kk_number: string | null;
  phone: string | null;
  birth_place: string | null;
  birth_date: string | null;
  gender: string | null;
  religion: string | null;
  marital_status: string | null;
  occupation: string | null;
  education: string | null;
  nationality: string | null;
  address: string | null;
  rt: string | null;
  rw: string | null;
  hamlet: string | null;
  /** When the office checked name, NIK, No. KK and birth data against the KTP and KK (0005). */
  identity_verified_at: string | null;
  /** The administrator who marked it verified. */
  identity_verified_by: number | null;
  /** An administrator's position (0009): operator, sekretaris_desa, kepala_desa; null for residents. */
  position: Position | null;
  /** NIP printed under the signer's name (0009). */
  nip: string | null;
  /** argon2id hash of the signing PIN, or null (0009). */
  signing_pin_hash: string | null;
  /** The signer's signature image: a `files` row of kind 'signature' (0009). */
  signature_file_id: number | null;
  /** The register person this account belongs to, matched at activation (0014). */
  register_person_id: number | null;
  /** When the account was matched with the register ("cocok dengan buku induk"), not verified (0014). */
  register_matched_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: number | null;
  /** A non-identifying key for grouping, e.g. the sha256 of an e-mail tried at login. */
  subject_key: string | null;
  ip: string | null;
  detail: string | null;
  created_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  /**
   * 'image' (re-encoded WebP with a thumbnail), 'pdf' (an issued letter) or 'signature' (a
   * signer's signature image as PNG, never served publicly).
   */
  kind: 'image' | 'pdf' | 'signature';
  mime: string;
  sha256: string;
  size: number;
  width: number | null;
  height: number | null;
  bytes: Buffer;
  thumb_bytes: Buffer | null;
  thumb_width: number | null;
  thumb_height: number | null;
  created_at: string;
}

/** The village's identity: one row (id = 1), read by the footer, the letterhead and the letter numbers. */
export interface SettingsTable {
  id: number;
  village_name: string;
  kecamatan: string;
  kabupaten: string;
  provinsi: string;
  address: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  logo_file_id: number | null;
  head_name: string | null;
  head_nip: string | null;
  village_code: string | null;
  letter_number_format: string;
  social_whatsapp: string | null;
  social_youtube: string | null;
  social_instagram: string | null;
  social_twitter: string | null;
  /** 1: letters may be issued with a loopback QR address (a demo; migration 0010, issue 25.1). */
  allow_loopback_qr: number;
  updated_at: string;
}

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  files: FilesTable;
  settings: SettingsTable;
}

/** One interface types every table (Kysely's example app); each area declares its own tables. */
export interface Database
  extends
    AccountsTables,
    ContentTables,
    LettersTables,
    SigningTables,
    RegisterTables,
    NoticesTables,
    ActivationCodesTables {}
