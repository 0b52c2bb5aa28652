import type { Kysely, Selectable } from 'kysely';
import type { Database, SettingsTable } from '../db/schema.ts';

export type Settings = Omit<Selectable<SettingsTable>, 'id'>;

export const DEFAULT_LETTER_NUMBER_FORMAT = '{code}/{seq:3}/{village_code}/{month_roman}/{year}';

/** What a village that has not filled in its identity yet is called; the admin replaces it in Pengaturan. */
export const DEFAULT_SETTINGS: Settings = {
  village_name: 'Desa',
  kecamatan: '-',
  kabupaten: '-',
  provinsi: '-',
  address: null,
  postal_code: null,
  phone: null,
  email: null,
  logo_file_id: null,
  head_name: null,
  head_nip: null,
  village_code: null,
  letter_number_format: DEFAULT_LETTER_NUMBER_FORMAT,
  social_whatsapp: null,
  social_youtube: null,
  social_instagram: null,
  social_twitter: null,
  updated_at: new Date(0).toISOString(),
};

/** The settings row (id = 1), or the defaults when none has been written. */
export async function getSettings(db: Kysely<Database>): Promise<Settings> {
  const row = await db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  const { id: _id, ...settings } = row;
  return settings;
}
