import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_LETTER_NUMBER_FORMAT } from '@balai/domain';
import type { Database, SettingsTable } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';
import type { ImageMeta } from './content.ts';

export type Settings = Omit<Selectable<SettingsTable>, 'id'>;

export { DEFAULT_LETTER_NUMBER_FORMAT };

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
  allow_loopback_qr: 0,
  updated_at: new Date(0).toISOString(),
};

/** The settings row (id = 1), or the defaults when none has been written. */
export async function getSettings(db: Kysely<Database>): Promise<Settings> {
  const row = await db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  const { id: _id, ...settings } = row;
  return settings;
}

export type SettingsWrite = Omit<Settings, 'updated_at'>;

/** Writes the settings row (id = 1), creating it the first time. */
export async function upsertSettings(
  db: Kysely<Database>,
  values: SettingsWrite,
): Promise<Settings> {
  const row = { ...values, updated_at: nowIso() };
  await db
    .insertInto('settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
  return row;
}

/** The settings and the size of the logo, in one query (every public page asks for them). */
export async function getSettingsWithLogo(
  db: Kysely<Database>,
): Promise<{ settings: Settings; logo: ImageMeta | null }> {
  const row = await db
    .selectFrom('settings')
    .leftJoin('files', 'files.id', 'settings.logo_file_id')
    .selectAll('settings')
    .select([
      'files.width as logo_width',
      'files.height as logo_height',
      'files.thumb_width as logo_thumb_width',
      'files.thumb_height as logo_thumb_height',
    ])
    .where('settings.id', '=', 1)
    .executeTakeFirst();
  if (!row) return { settings: DEFAULT_SETTINGS, logo: null };
  const {
    id: _id,
    logo_width,
    logo_height,
    logo_thumb_width,
    logo_thumb_height,
    ...settings
  } = row;
  const logo =
    settings.logo_file_id === null
      ? null
      : {
          id: settings.logo_file_id,
          width: logo_width,
          height: logo_height,
          thumb_width: logo_thumb_width,
          thumb_height: logo_thumb_height,
        };
  return { settings, logo };
}
