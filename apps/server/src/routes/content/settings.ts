import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isLoopbackUrl, msg, publicPaths } from '@balai/domain';
import {
  adminSettingsSchema,
  apiRoute,
  dataOf,
  publicSettingsSchema,
  qrAddressBodySchema,
  responses,
  settingsPaths,
  settingsUpdateSchema,
  type AdminSettings,
  type PublicSettings,
} from '@balai/domain/contract';
import { HttpError } from '../../lib/http-error.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { deleteImagesNoLongerUsed, existingImageIds } from '../../repositories/content.ts';
import {
  getSettings,
  getSettingsWithLogo,
  upsertSettings,
  type Settings,
} from '../../repositories/settings.ts';
import type { ImageMeta } from '../../repositories/content.ts';
import { currentAuth } from '../../types.ts';
import { cleanPlainText } from '../../services/rich-text.ts';
import { imageUrl } from './schemas.ts';

function toPublic(s: Settings, logo: ImageMeta | null): PublicSettings {
  return {
    village_name: s.village_name,
    kecamatan: s.kecamatan,
    kabupaten: s.kabupaten,
    provinsi: s.provinsi,
    address: s.address,
    postal_code: s.postal_code,
    phone: s.phone,
    email: s.email,
    logo_file_id: s.logo_file_id,
    logo_url: imageUrl(logo),
    social: {
      whatsapp: s.social_whatsapp,
      youtube: s.social_youtube,
      instagram: s.social_instagram,
      twitter: s.social_twitter,
    },
  };
}

/** Where QR codes point: a verify page under PUBLIC_URL (the token shown as "…"). */
function qrAddress(publicUrl: string): AdminSettings['qr_address'] {
  return { url: `${publicUrl}${publicPaths.verifyPage('')}…`, loopback: isLoopbackUrl(publicUrl) };
}

function toAdmin(s: Settings, logo: ImageMeta | null, publicUrl: string): AdminSettings {
  return {
    ...toPublic(s, logo),
    head_name: s.head_name,
    head_nip: s.head_nip,
    village_code: s.village_code,
    letter_number_format: s.letter_number_format,
    qr_address: qrAddress(publicUrl),
    allow_loopback_qr: s.allow_loopback_qr === 1,
    updated_at: s.updated_at,
  };
}

const tags = ['Pengaturan'];

/** `GET /api/settings`: the village's public identity (footer, header, contact). */
export const settingsReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(settingsPaths.settings),
    {
      schema: {
        tags,
        summary: 'Identitas desa (bagian publik)',
        response: responses({ 200: dataOf(publicSettingsSchema) }),
      },
    },
    async () => {
      const { settings, logo } = await getSettingsWithLogo(app.db);
      return { data: toPublic(settings, logo) };
    },
  );
};

/** Administrators: everything, and the update (head of village, village code, number format). */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  app.get(
    apiRoute(settingsPaths.admin),
    {
      schema: {
        tags,
        security,
        summary: 'Identitas desa lengkap (administrator)',
        response: responses({ 200: dataOf(adminSettingsSchema) }),
      },
    },
    async () => {
      const { settings, logo } = await getSettingsWithLogo(app.db);
      return { data: toAdmin(settings, logo, app.config.PUBLIC_URL) };
    },
  );

  app.put(
    apiRoute(settingsPaths.qrAddress),
    {
      schema: {
        tags,
        security,
        summary:
          'Mengizinkan atau melarang penerbitan surat dengan kode QR beralamat lokal (PUBLIC_URL localhost, untuk demo)',
        body: qrAddressBodySchema,
        response: responses({ 200: dataOf(adminSettingsSchema) }),
      },
    },
    async (request) => {
      const allow = request.body.allow_loopback_qr ? 1 : 0;
      await app.db.transaction().execute(async (trx) => {
        const { updated_at: _u, ...current } = await getSettings(trx);
        await upsertSettings(trx, { ...current, allow_loopback_qr: allow });
        await writeAudit(trx, {
          action: 'settings.qr_address',
          user_id: currentAuth(request).user.id,
          subject_type: 'settings',
          subject_id: 1,
          ip: request.ip,
          detail: { allow_loopback_qr: allow === 1 },
        });
      });
      const { settings, logo } = await getSettingsWithLogo(app.db);
      return { data: toAdmin(settings, logo, app.config.PUBLIC_URL) };
    },
  );

  app.put(
    apiRoute(settingsPaths.settings),
    {
      schema: {
        tags,
        security,
        summary: 'Mengubah identitas desa (semua isian dikirim)',
        body: settingsUpdateSchema,
        response: responses({ 200: dataOf(adminSettingsSchema) }),
      },
    },
    async (request) => {
      const b = request.body;
      const errors: Record<string, string[]> = {};
      const required = (field: string, label: string, v: string) => {
        const cleaned = cleanPlainText(v, false);
        if (!cleaned) errors[field] = [msg.required(label)];
        return cleaned;
      };
      const optional = (v: string | null | undefined) =>
        v ? cleanPlainText(v, false) || null : null;
      const values = {
        village_name: required('village_name', 'Nama desa', b.village_name),
        kecamatan: required('kecamatan', 'Kecamatan', b.kecamatan),
        kabupaten: required('kabupaten', 'Kabupaten/Kota', b.kabupaten),
        provinsi: required('provinsi', 'Provinsi', b.provinsi),
        address: optional(b.address),
        postal_code: b.postal_code ?? null,
        phone: b.phone,
        email: b.email,
        logo_file_id: b.logo_file_id,
        head_name: optional(b.head_name),
        head_nip: b.head_nip,
        village_code: b.village_code,
        letter_number_format: b.letter_number_format,
        social_whatsapp: b.social.whatsapp,
        social_youtube: b.social.youtube,
        social_instagram: b.social.instagram,
        social_twitter: b.social.twitter,
        allow_loopback_qr: 0,
      };
      if (b.logo_file_id !== null && !(await existingImageIds(app.db, [b.logo_file_id])).size) {
        errors.logo_file_id = [msg.image('Logo')];
      }
      const first = Object.values(errors)[0]?.[0];
      if (first) throw new HttpError(422, first, errors);
      const previous = await getSettings(app.db);
      // Left out of the body: the confirmation stays as it was (issue 25.1).
      values.allow_loopback_qr =
        b.allow_loopback_qr === undefined
          ? previous.allow_loopback_qr
          : b.allow_loopback_qr
            ? 1
            : 0;
      await app.db.transaction().execute(async (trx) => {
        await upsertSettings(trx, values);
        if (previous.logo_file_id !== b.logo_file_id) {
          await deleteImagesNoLongerUsed(trx, [previous.logo_file_id]);
        }
        await writeAudit(trx, {
          action: 'settings.update',
          user_id: currentAuth(request).user.id,
          subject_type: 'settings',
          subject_id: 1,
          ip: request.ip,
        });
      });
      const { settings, logo } = await getSettingsWithLogo(app.db);
      return { data: toAdmin(settings, logo, app.config.PUBLIC_URL) };
    },
  );
};
