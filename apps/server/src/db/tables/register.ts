import type { Generated } from 'kysely';

/** The population register's tables (migration 0011, docs/register.md). */
export interface RegisterAreasTable {
  id: Generated<number>;
  kind: 'dusun' | 'rw' | 'rt';
  name: string;
  parent_id: number | null;
  created_at: string;
}

export interface RegisterFamiliesTable {
  id: Generated<number>;
  kk_number: string;
  address: string | null;
  dusun_id: number | null;
  rw_id: number | null;
  rt_id: number | null;
  head_person_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RegisterPersonsTable {
  id: Generated<number>;
  nik: string;
  name: string;
  name_search: string;
  gender: number;
  birth_place: string | null;
  birth_date: string | null;
  religion: number | null;
  education: number | null;
  occupation: number | null;
  marital_status: number | null;
  relationship: number | null;
  nationality: number | null;
  blood_type: number | null;
  father_name: string | null;
  mother_name: string | null;
  address: string | null;
  dusun_id: number | null;
  rw_id: number | null;
  rt_id: number | null;
  family_id: number | null;
  life_status: 'hidup' | 'meninggal' | 'pindah' | 'hilang';
  base_present: number;
  created_at: string;
  updated_at: string;
}

export interface RegisterEventsTable {
  id: Generated<number>;
  person_id: number;
  kind: 'birth' | 'death' | 'move_out' | 'move_in' | 'lost';
  occurred_on: string;
  reported_on: string;
  note: string | null;
  corrected: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * Living people per value of each counted field (migration 0015, kept by triggers): dim
 * `gender` | `religion` | `education` | `occupation` | `marital` | `dusun` | `birth`; value the code,
 * area id or birth date as text, '' for not filled in.
 */
export interface RegisterTalliesTable {
  dim: string;
  value: string;
  n: number;
}

export interface RegisterTables {
  register_areas: RegisterAreasTable;
  register_families: RegisterFamiliesTable;
  register_persons: RegisterPersonsTable;
  register_events: RegisterEventsTable;
  register_tallies: RegisterTalliesTable;
}
