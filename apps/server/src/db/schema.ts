import type { Generated } from 'kysely';

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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
}
