import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msg } from './messages.ts';
import { SETTINGS_FIELDS, SETTINGS_LABELS, SETTINGS_SECTIONS } from './settings.ts';
import { settingsSocialSchema, settingsUpdateSchema } from './schemas/settings.ts';

const valid = {
  village_name: 'Sukamaju',
  kecamatan: 'Cibinong',
  kabupaten: 'Bogor',
  provinsi: 'Jawa Barat',
  address: 'Jl. Raya No. 1',
  postal_code: '16911',
  phone: '(0251) 876-5432',
  email: 'desa@contoh.id',
  logo_file_id: 3,
  head_name: 'H. Ahmad',
  head_nip: '19720415 199803 1 006',
  village_code: '3201012001',
  letter_number_format: '{code}/{seq:3}/{year}',
  social: { whatsapp: null, youtube: null, instagram: null, twitter: null },
};

/** A value each field refuses. */
const BAD: Record<string, unknown> = {
  village_name: 'x'.repeat(101),
  kecamatan: 'x'.repeat(101),
  kabupaten: 'x'.repeat(101),
  provinsi: 'x'.repeat(101),
  address: 'x'.repeat(256),
  postal_code: '1234',
  phone: 'abc',
  email: 'bukan-email',
  logo_file_id: 'logo',
  head_name: 'x'.repeat(101),
  head_nip: 'NIP-1',
  village_code: '12',
  letter_number_format: '{code}',
  'social.whatsapp': 'http://wa.me/1',
  'social.youtube': 'youtube',
  'social.instagram': 'ftp://x',
  'social.twitter': 'x.com',
};

const shape = settingsUpdateSchema.shape as Record<string, z.ZodType>;
const socialShape = settingsSocialSchema.shape as Record<string, z.ZodType>;
const schemaOf = (name: string) =>
  name.startsWith('social.') ? socialShape[name.slice(7)] : shape[name];

describe('settings field definitions', () => {
  it('name every field of PUT /api/settings exactly once, the social links as social.*', () => {
    const names = SETTINGS_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const expected = [
      // allow_loopback_qr is the QR address panel's checkbox (PUT /api/settings/qr-address, issue
      // 25.1), not a field of the settings form; PUT /api/settings only accepts it too.
      ...Object.keys(shape).filter((k) => k !== 'social' && k !== 'allow_loopback_qr'),
      ...Object.keys(socialShape).map((k) => `social.${k}`),
    ];
    expect([...names].sort()).toEqual(expected.sort());
    expect(SETTINGS_SECTIONS.map((s) => s.legend)).toEqual([
      'Identitas desa',
      'Kepala desa',
      'Alamat dan kontak',
      'Media sosial',
      'Nomor surat',
    ]);
  });

  it.each(SETTINGS_FIELDS.map((f) => [f.name, f] as const))(
    '%s: the schema names it by its label and requires it as the definition says',
    (name, f) => {
      const schema = schemaOf(name)!;
      const bad = schema.safeParse(BAD[name]);
      expect(bad.success).toBe(false);
      expect(bad.error?.issues[0]?.message).toContain(f.label);
      const emptied = schema.safeParse('');
      if (name === 'letter_number_format') {
        // Left empty it becomes the default format, never nothing.
        expect(emptied.data).toBe(f.default);
      } else {
        expect(emptied.success).toBe(!f.required);
        if (f.required) expect(emptied.error?.issues[0]?.message).toBe(msg.required(f.label));
      }
    },
  );

  it('the whole form accepts a valid body and labels come from the definitions', () => {
    expect(settingsUpdateSchema.safeParse(valid).success).toBe(true);
    expect(SETTINGS_LABELS['social.whatsapp']).toBe('Tautan WhatsApp');
    const r = settingsUpdateSchema.safeParse({
      ...valid,
      village_code: '',
      letter_number_format: '{seq}/{village_code}',
    });
    expect(r.error?.issues[0]?.message).toBe(
      'Kode desa wajib diisi karena format nomor surat memakai {village_code}.',
    );
  });
});
