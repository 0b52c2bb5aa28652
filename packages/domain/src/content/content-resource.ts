import { field, type FieldDef } from '../fields.ts';
import { ADMIN_ROLE, type Role } from '../roles.ts';

/** One content resource (DESIGN.md section 2): a table, a CRUD API and an admin list and form. */
export interface ContentResource {
  /** Stable identifier, the API base without /api/, e.g. 'population-ages'. */
  readonly key: string;
  /** API base path: GET/POST here, GET/PUT/DELETE at `${base}/{id}`. */
  readonly base: string;
  /** Admin route group: /admin/{group}, /admin/{group}/create, /admin/{group}/{id}/edit. */
  readonly group: string;
  /** Indonesian names for one record and for the list, e.g. "Kelompok Umur" / "Kelompok Umur". */
  readonly labels: { readonly singular: string; readonly plural: string };
  /** Where the admin sidebar lists it: section and item title. */
  readonly menu: { readonly section: 'Beranda' | 'Profil Desa'; readonly title: string };
  /** The record's fields in form order. */
  readonly fields: readonly FieldDef[];
  /** Fields shown as columns in the admin table, in order. */
  readonly listColumns: readonly string[];
  /** Order of lists when the request names none. */
  readonly defaultSort: { readonly field: string; readonly direction: 'asc' | 'desc' };
  /** Fields the `search` query matches (case-insensitive, contains). */
  readonly searchable: readonly string[];
  /** Who may read (everyone) and who may write. */
  readonly access: { readonly read: 'public'; readonly write: Role };
}

type Definition = Omit<ContentResource, 'access' | 'base'>;

/** Fills what every content resource shares: the API base from the key, public read, admin write. */
export const defineContentResource = (def: Definition): ContentResource => ({
  ...def,
  base: `/api/${def.key}`,
  access: { read: 'public', write: ADMIN_ROLE },
});

/** Manual order: smaller numbers first. */
export const positionField: FieldDef = field.number('position', 'Urutan', {
  min: 0,
  max: 9999,
  default: 0,
  hint: 'Angka lebih kecil tampil lebih dulu.',
});

/** Population counts split by sex, as the village statistics report them. */
export const genderCountFields: readonly FieldDef[] = [
  field.number('male_count', 'Jumlah Laki-laki', { required: true, min: 0 }),
  field.number('female_count', 'Jumlah Perempuan', { required: true, min: 0 }),
];
