import { z } from 'zod';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LETTER_TYPES,
  ON_BEHALF_LABEL,
  POSITION_LABELS,
  SIGNER_ONLY,
  apiPaths,
  approveSchema,
  decide,
  holdsPosition,
  delegationActive,
  maskIdFields,
  maskIdNumber,
  delegationSchema,
  requestReference,
  returnSchema,
  signingPinRemoveSchema,
  signingPinSchema,
  signingChanges,
  signingSettingsUpdateSchema,
  todayIso,
  type Confirmation,
  type Position,
  type SigningSetup,
} from '@balai/domain';
import { HttpError, forbidden, invalidField } from '../../lib/http-error.ts';
import { readOneFile, type UploadWords } from '../../lib/multipart.ts';
import { meta, pageQuery } from '../../lib/pagination.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { insertFile } from '../../repositories/files.ts';
import { parseApplicant, parseData } from '../../repositories/letter-requests.ts';
import {
  countAwaitingSignature,
  findSigningAccounts,
  getSigningSetup,
  lastSignatureRequests,
  listAwaitingSignature,
  saveSigningSetup,
  setSignatureFile,
  setSigningPin,
  signatureBytes,
} from '../../repositories/signing.ts';
import type { UserRow } from '../../repositories/users.ts';
import { approveLetters, returnLetter } from '../../letters/signing.ts';
import { signingState } from '../../letters/signing-rules.ts';
import { hashPassword } from '../../services/passwords.ts';
import { authorize, confirmSigner, refuseDenied } from '../../services/signing-confirmation.ts';
import {
  firstNamingNotice,
  noticeSigners,
  sendSigningMails,
  setupChangedNotice,
} from '../../services/signing-notices.ts';
import { currentAuth } from '../../types.ts';
import { MAX_UPLOAD_BYTES, processImage, uploadMessages } from '../content/images.ts';
import { typeOf } from '../letters/schemas.ts';
import { errorSchema, idParams, messageSchema, responses } from '../schemas.ts';

const tags = ['Tanda Tangan'];
const security = [{ bearerAuth: [] }];

const accountOut = z
  .object({
    id: z.number(),
    name: z.string(),
    position: z.string().nullable(),
    position_label: z.string().nullable(),
    nip: z.string().nullable(),
  })
  .nullable();

const signingSettingsOut = z.object({
  head_user_id: z.number().nullable(),
  secretary_user_id: z.number().nullable(),
  head_away_from: z.string().nullable(),
  head_away_until: z.string().nullable(),
  approval: z.record(z.string(), z.boolean()),
  head: accountOut,
  secretary: accountOut,
  delegation_active: z.boolean(),
  approval_types: z.array(z.object({ code: z.string(), title: z.string(), required: z.boolean() })),
  updated_at: z.string().nullable(),
});

const queueItem = z.object({
  id: z.number(),
  type: z.string(),
  type_title: z.string(),
  letter_title: z.string(),
  reference: z.string(),
  applicant: z.object({
    name: z.string(),
    nik: z.string().nullable(),
    address: z.string().nullable(),
    verified: z.boolean(),
  }),
  purpose: z.string().nullable(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  clerk: z.object({ id: z.number().nullable(), name: z.string().nullable() }).nullable(),
  clerk_note: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  preview_url: z.string(),
  desk_url: z.string(),
});

const meOut = z.object({
  position: z.string().nullable(),
  position_label: z.string().nullable(),
  nip: z.string().nullable(),
  is_head: z.boolean(),
  is_secretary: z.boolean(),
  can_sign: z.boolean(),
  signs_on_behalf: z.boolean(),
  delegation: z.object({ from: z.string(), until: z.string(), active: z.boolean() }).nullable(),
  has_pin: z.boolean(),
  signature: z.object({ url: z.string() }).nullable(),
  waiting: z.number(),
});

const approvedOut = z.object({
  id: z.number(),
  type: z.string(),
  reference: z.string(),
  number: z.string().nullable(),
  issued_at: z.string().nullable(),
  signed_on_behalf: z.boolean(),
  pdf_url: z.string(),
});

const SIGNATURE_URL = '/api/signing/signature';

const SIGNATURE_WORDS: UploadWords = {
  tooLarge: uploadMessages.tooLarge,
  oneFile: 'Unggah satu gambar tanda tangan saja.',
  onlyFile: 'Kirim hanya satu berkas gambar, tanpa isian lain.',
  notMultipart: 'Kirim gambar tanda tangan sebagai multipart/form-data.',
  missing: 'Pilih gambar tanda tangan yang akan diunggah.',
};

/** The two named accounts as the settings screen shows them. */
async function accounts(db: Parameters<typeof findSigningAccounts>[0], setup: SigningSetup) {
  const ids = [setup.head_user_id, setup.secretary_user_id].filter((x): x is number => x !== null);
  const rows = await findSigningAccounts(db, ids);
  const view = (id: number | null) => {
    const r = rows.find((x) => x.id === id);
    return r
      ? {
          id: r.id,
          name: r.name,
          position: r.position,
          position_label: r.position ? POSITION_LABELS[r.position] : null,
          nip: r.nip,
        }
      : null;
  };
  return { head: view(setup.head_user_id), secretary: view(setup.secretary_user_id) };
}

/** `/api/settings/signing`: who signs, the Kepala Desa's away dates, approval per type. */
export const signingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  const present = async (setup: SigningSetup & { updated_at: string | null }) => {
    const today = todayIso();
    const { head, secretary } = await accounts(app.db, setup);
    return {
      head_user_id: setup.head_user_id,
      secretary_user_id: setup.secretary_user_id,
      head_away_from: setup.head_away_from,
      head_away_until: setup.head_away_until,
      approval: Object.fromEntries(
        LETTER_TYPES.map((t) => [t.code, !setup.approval_exempt.includes(t.code)]),
      ),
      head,
      secretary,
      delegation_active: delegationActive(setup, today),
      approval_types: LETTER_TYPES.map((t) => ({
        code: t.code,
        title: t.name,
        required: !setup.approval_exempt.includes(t.code),
      })),
      updated_at: setup.updated_at,
    };
  };

  app.get(
    '/settings/signing',
    {
      schema: {
        tags,
        security,
        summary:
          'Pengaturan tanda tangan: Kepala Desa, Sekretaris Desa, masa berhalangan, persetujuan per jenis surat',
        response: responses({ 200: z.object({ data: signingSettingsOut }) }),
      },
    },
    async () => ({ data: await present(await getSigningSetup(app.db)) }),
  );

  app.put(
    '/settings/signing',
    {
      schema: {
        tags,
        security,
        summary: 'Mengubah pengaturan tanda tangan (isian yang dikirim saja)',
        body: signingSettingsUpdateSchema,
        response: responses({ 200: z.object({ data: signingSettingsOut }) }),
      },
    },
    async (request) => {
      const { confirmation, ...b } = request.body;
      const user = currentAuth(request).user;
      const before = await getSigningSetup(app.db);
      const headChanges = b.head_user_id !== undefined && b.head_user_id !== before.head_user_id;
      const next: SigningSetup = {
        head_user_id: b.head_user_id === undefined ? before.head_user_id : b.head_user_id,
        secretary_user_id:
          b.secretary_user_id === undefined ? before.secretary_user_id : b.secretary_user_id,
        // Away dates belong to the Kepala Desa who set them: another Kepala Desa starts without.
        head_away_from:
          b.head_away_from !== undefined
            ? b.head_away_from
            : headChanges
              ? null
              : before.head_away_from,
        head_away_until:
          b.head_away_until !== undefined
            ? b.head_away_until
            : headChanges
              ? null
              : before.head_away_until,
        approval_exempt: b.approval
          ? [
              ...before.approval_exempt.filter((c) => !(c in b.approval!)),
              ...Object.entries(b.approval)
                .filter(([, required]) => !required)
                .map(([c]) => c),
            ]
          : before.approval_exempt,
      };
      // Only the named Kepala Desa, with their own password or PIN; the first naming is open to
      // any administrator (ADR 0020, packages/domain/src/policy.ts).
      const decision = decide(user, 'signing.configure', { setup: before, next });
      refuseDenied(decision);
      await checkAccounts(next);
      const method = await authorize(app.db, { user, ip: request.ip }, decision, confirmation);
      const parts = signingChanges(before, next);
      const firstNaming = before.head_user_id === null && next.head_user_id !== null;
      const mails = await app.db.transaction().execute(async (trx) => {
        await saveSigningSetup(trx, next);
        await writeAudit(trx, {
          action: 'signing.settings',
          user_id: user.id,
          subject_type: 'settings',
          subject_id: 1,
          ip: request.ip,
          detail: {
            fields: Object.keys(b),
            ...changed(before, next),
            confirmed_by: method,
            ...(firstNaming ? { first_naming: true } : {}),
          },
        });
        if (parts.includes('away')) {
          await writeAudit(trx, {
            action: 'signing.delegation',
            user_id: user.id,
            subject_type: 'settings',
            subject_id: 1,
            ip: request.ip,
            detail: { from: next.head_away_from, until: next.head_away_until, by: 'settings' },
          });
        }
        if (parts.length === 0) return [];
        // The Kepala Desa (the one before and the one after) is told; a first one, that they were named.
        const told = await noticeSigners(
          trx,
          firstNaming ? [] : [before.head_user_id, next.head_user_id],
          setupChangedNotice(user.name, parts),
          app.config.PUBLIC_URL,
        );
        const named = firstNaming
          ? await noticeSigners(
              trx,
              [next.head_user_id],
              firstNamingNotice(user.name),
              app.config.PUBLIC_URL,
            )
          : [];
        return [...told, ...named];
      });
      sendSigningMails({ mailer: app.mailer, log: app.log }, mails);
      return { data: await present(await getSigningSetup(app.db)) };
    },
  );

  /** The named accounts exist, are active administrators and hold the position; dates need a secretary. */
  async function checkAccounts(s: SigningSetup): Promise<void> {
    const errors: Record<string, string[]> = {};
    const rows = await findSigningAccounts(
      app.db,
      [s.head_user_id, s.secretary_user_id].filter((x): x is number => x !== null),
    );
    const check = (key: string, id: number | null, position: Position, label: string) => {
      if (id === null) return;
      const r = rows.find((x) => x.id === id);
      if (!r || !holdsPosition(r, position)) {
        errors[key] = [`${label} harus akun administrator aktif dengan jabatan ${label}.`];
      }
    };
    check('head_user_id', s.head_user_id, 'kepala_desa', 'Kepala Desa');
    check('secretary_user_id', s.secretary_user_id, 'sekretaris_desa', 'Sekretaris Desa');
    if (s.head_away_from !== null && s.secretary_user_id === null && !errors.secretary_user_id) {
      errors.secretary_user_id = [
        'Tetapkan Sekretaris Desa sebelum mengatur masa berhalangan Kepala Desa.',
      ];
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new HttpError(422, first, errors);
  }
};

function changed(before: SigningSetup, next: SigningSetup): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (before.head_user_id !== next.head_user_id) out.head_user_id = next.head_user_id;
  if (before.secretary_user_id !== next.secretary_user_id) {
    out.secretary_user_id = next.secretary_user_id;
  }
  const exempt = [...next.approval_exempt].sort().join(',');
  if ([...before.approval_exempt].sort().join(',') !== exempt) {
    out.approval_exempt = [...next.approval_exempt].sort();
  }
  return out;
}

/** `/api/signing/*`: the signer's own screens (docs/signing.md). */
export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const deps = () => ({
    db: app.db,
    publicUrl: app.config.PUBLIC_URL,
    mail: { mailer: app.mailer, log: app.log },
  });
  const actorOf = (request: FastifyRequest) => ({
    user: currentAuth(request).user,
    ip: request.ip,
  });

  const confirm = (
    request: FastifyRequest,
    user: UserRow,
    given: { password?: string | undefined; pin?: string | undefined },
  ) => confirmSigner(app.db, { user, ip: request.ip }, given);

  app.get(
    '/signing/me',
    {
      schema: {
        tags,
        security,
        summary:
          'Keadaan tanda tangan pengguna ini: jabatan, boleh menandatangani, delegasi, antrean',
        response: responses({ 200: z.object({ data: meOut }) }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      const state = await signingState(app.db, user);
      const s = state.setup;
      const waiting = state.signer.canSign ? await countAwaitingSignature(app.db) : 0;
      return {
        data: {
          position: user.position,
          position_label: user.position ? POSITION_LABELS[user.position] : null,
          nip: user.nip,
          is_head: s.head_user_id === user.id,
          is_secretary: s.secretary_user_id === user.id,
          can_sign: state.signer.canSign,
          signs_on_behalf: state.signer.onBehalf,
          delegation:
            s.head_away_from && s.head_away_until
              ? {
                  from: s.head_away_from,
                  until: s.head_away_until,
                  active: delegationActive(s, state.today),
                }
              : null,
          has_pin: user.signing_pin_hash !== null,
          signature: user.signature_file_id !== null ? { url: SIGNATURE_URL } : null,
          waiting,
        },
      };
    },
  );

  app.get(
    '/signing/queue',
    {
      schema: {
        tags,
        security,
        summary: 'Surat yang menunggu tanda tangan (terlama dulu)',
        querystring: z.object({ page: pageQuery.page, per_page: pageQuery.per_page.default(20) }),
        response: responses({
          200: z.object({
            data: z.array(queueItem),
            meta: z.object({
              page: z.number(),
              per_page: z.number(),
              total: z.number(),
              last_page: z.number(),
              signs_on_behalf: z.boolean(),
            }),
          }),
        }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      const state = await signingState(app.db, user);
      if (!state.signer.canSign) throw forbidden(SIGNER_ONLY);
      const { page, per_page } = request.query;
      const { rows, total } = await listAwaitingSignature(app.db, { page, perPage: per_page });
      const sent = await lastSignatureRequests(
        app.db,
        rows.map((r) => r.id),
      );
      const data = rows.map((row) => {
        const type = typeOf(row);
        const a = parseApplicant(row);
        const s = sent.get(row.id);
        const address = [
          a.address,
          a.rt || a.rw
            ? [a.rt && `RT ${a.rt}`, a.rw && `RW ${a.rw}`].filter(Boolean).join('/')
            : null,
          a.hamlet,
        ]
          .filter(Boolean)
          .join(', ');
        return {
          id: row.id,
          type: type.code,
          type_title: type.title,
          letter_title: type.name,
          reference: requestReference(type.code, row.id),
          applicant: {
            name: row.applicant_name,
            // A list: the NIK by its last four digits (issue 18.8); the preview has it whole.
            nik: maskIdNumber(a.nik ?? null),
            address: address || null,
            verified: row.applicant_verified === 1,
          },
          purpose: row.purpose,
          fields: maskIdFields(type.fields, parseData(row)),
          clerk: s ? { id: s.actor_id, name: s.actor_name } : null,
          clerk_note: s?.note ?? null,
          sent_at: s?.created_at ?? null,
          created_at: row.created_at,
          preview_url: `${type.base}/${row.id}/preview`,
          desk_url: `/admin/service-${type.code}/${row.id}`,
        };
      });
      return {
        data,
        meta: { ...meta(page, per_page, total), signs_on_behalf: state.signer.onBehalf },
      };
    },
  );

  app.post(
    '/signing/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Menyetujui dan menerbitkan surat (kata sandi atau PIN)',
        body: approveSchema,
        response: responses({
          200: z.object({
            message: z.string(),
            data: z.object({
              approved: z.array(approvedOut),
              failed: z.array(
                z.object({ id: z.number(), status: z.number(), message: z.string() }),
              ),
            }),
          }),
        }),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const state = await signingState(app.db, actor.user);
      // Who may sign is checked before the password, so a clerk never types it in vain.
      if (!state.signer.canSign) throw forbidden(SIGNER_ONLY);
      const method = await confirm(request, actor.user, request.body);
      const { approved, failed } = await approveLetters(deps(), actor, request.body.ids, method);
      const n = approved.length;
      return {
        message:
          failed.length === 0
            ? `${n} surat disetujui dan diterbitkan.`
            : `${n} surat disetujui dan diterbitkan; ${failed.length} tidak dapat disetujui.`,
        data: {
          approved: approved.map(({ type, row }) => ({
            id: row.id,
            type: type.code,
            reference: requestReference(type.code, row.id),
            number: row.number,
            issued_at: row.issued_at,
            signed_on_behalf: state.signer.onBehalf,
            pdf_url: apiPaths.letterPdf(type.base, row.id),
          })),
          failed,
        },
      };
    },
  );

  app.post(
    '/signing/requests/:id/return',
    {
      schema: {
        tags,
        security,
        summary: 'Mengembalikan surat ke petugas dengan catatan',
        params: idParams,
        body: returnSchema,
        response: responses({
          200: z.object({
            data: z.object({ id: z.number(), status: z.string(), note: z.string().nullable() }),
          }),
        }),
      },
    },
    async (request) => {
      const row = await returnLetter(
        deps(),
        actorOf(request),
        request.params.id,
        request.body.note,
      );
      return { data: { id: row.id, status: row.status, note: row.note } };
    },
  );

  app.put(
    '/signing/pin',
    {
      schema: {
        tags,
        security,
        summary: 'Membuat atau mengganti PIN tanda tangan (perlu kata sandi)',
        body: signingPinSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      await confirm(request, user, { password: request.body.password });
      const hash = await hashPassword(request.body.pin);
      await app.db.transaction().execute(async (trx) => {
        await setSigningPin(trx, user.id, hash);
        await writeAudit(trx, {
          action: 'signing.pin_set',
          user_id: user.id,
          subject_type: 'user',
          subject_id: user.id,
          ip: request.ip,
        });
      });
      return { message: 'PIN tanda tangan disimpan.' };
    },
  );

  app.delete(
    '/signing/pin',
    {
      schema: {
        tags,
        security,
        summary: 'Menghapus PIN tanda tangan (perlu kata sandi)',
        body: signingPinRemoveSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      await confirm(request, user, { password: request.body.password });
      await app.db.transaction().execute(async (trx) => {
        await setSigningPin(trx, user.id, null);
        await writeAudit(trx, {
          action: 'signing.pin_removed',
          user_id: user.id,
          subject_type: 'user',
          subject_id: user.id,
          ip: request.ip,
        });
      });
      return { message: 'PIN tanda tangan dihapus.' };
    },
  );

  /** The Kepala Desa's own away dates: only the Kepala Desa the settings name. */
  async function setDelegation(
    request: FastifyRequest,
    dates: { from: string; until: string } | null,
    confirmation?: Confirmation,
  ): Promise<void> {
    const user = currentAuth(request).user;
    const setup = await getSigningSetup(app.db);
    const decision = decide(user, 'signing.delegate', { setup, ending: dates === null });
    refuseDenied(decision);
    if (dates && setup.secretary_user_id === null) {
      throw invalidField(
        'from',
        'Sekretaris Desa belum ditetapkan di Pengaturan, jadi tidak ada yang dapat menandatangani atas nama Anda.',
      );
    }
    const method = await authorize(app.db, { user, ip: request.ip }, decision, confirmation);
    const mails = await app.db.transaction().execute(async (trx) => {
      await saveSigningSetup(trx, {
        ...setup,
        head_away_from: dates?.from ?? null,
        head_away_until: dates?.until ?? null,
      });
      await writeAudit(trx, {
        action: 'signing.delegation',
        user_id: user.id,
        subject_type: 'settings',
        subject_id: 1,
        ip: request.ip,
        detail: {
          from: dates?.from ?? null,
          until: dates?.until ?? null,
          by: 'head',
          confirmed_by: method,
        },
      });
      return noticeSigners(
        trx,
        [user.id],
        setupChangedNotice(user.name, ['away']),
        app.config.PUBLIC_URL,
      );
    });
    sendSigningMails({ mailer: app.mailer, log: app.log }, mails);
  }

  app.put(
    '/signing/delegation',
    {
      schema: {
        tags,
        security,
        summary: `Kepala Desa mengatur masa berhalangannya (Sekretaris Desa menandatangani ${ON_BEHALF_LABEL})`,
        body: delegationSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const { confirmation, ...dates } = request.body;
      await setDelegation(request, dates, confirmation);
      return { message: 'Masa berhalangan disimpan.' };
    },
  );

  app.delete(
    '/signing/delegation',
    {
      schema: {
        tags,
        security,
        summary: 'Kepala Desa mengakhiri masa berhalangannya',
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      await setDelegation(request, null);
      return { message: 'Masa berhalangan diakhiri.' };
    },
  );

  app.get(
    '/signing/signature',
    {
      schema: {
        tags,
        security,
        summary: 'Gambar tanda tangan pengguna ini (PNG)',
        response: {
          200: {
            description: 'Gambar PNG',
            content: {
              'image/png': {
                schema: z
                  .custom<Buffer>((v) => Buffer.isBuffer(v))
                  .meta({ type: 'string', format: 'binary' }),
              },
            },
          },
          '4xx': errorSchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await signatureBytes(app.db, currentAuth(request).user.signature_file_id);
      if (!bytes) throw new HttpError(404, 'Anda belum mengunggah gambar tanda tangan.');
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  app.delete(
    '/signing/signature',
    {
      schema: {
        tags,
        security,
        summary: 'Menghapus gambar tanda tangan',
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const user = currentAuth(request).user;
      await app.db.transaction().execute(async (trx) => {
        await setSignatureFile(trx, user.id, null);
        await writeAudit(trx, {
          action: 'signing.signature_removed',
          user_id: user.id,
          subject_type: 'user',
          subject_id: user.id,
          ip: request.ip,
        });
      });
      return { message: 'Gambar tanda tangan dihapus.' };
    },
  );

  // The upload, with multipart parsing registered for it alone.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    upload.post(
      '/signing/signature',
      {
        schema: {
          tags,
          security,
          summary: 'Mengunggah gambar tanda tangan (satu gambar; disimpan sebagai PNG)',
          consumes: ['multipart/form-data'],
          response: responses({ 201: z.object({ data: z.object({ url: z.string() }) }) }),
        },
      },
      async (request, reply) => {
        const user = currentAuth(request).user;
        const upload = await readOneFile(request, SIGNATURE_WORDS);
        // The same checks as every uploaded image (content, size, pixels, payloads), then a PNG
        // flattened on white, at most 600 × 300 px: what the letter prints in its 3.25 cm.
        const image = await processImage(upload);
        const png = await sharp(image.bytes)
          .flatten({ background: '#ffffff' })
          .resize({ width: 600, height: 300, fit: 'inside', withoutEnlargement: true })
          .png({ palette: true, colours: 64 })
          .toBuffer({ resolveWithObject: true });
        await app.db.transaction().execute(async (trx) => {
          const fileId = await insertFile(trx, {
            kind: 'signature',
            mime: 'image/png',
            bytes: png.data,
            width: png.info.width,
            height: png.info.height,
            thumb_bytes: null,
            thumb_width: null,
            thumb_height: null,
          });
          await setSignatureFile(trx, user.id, fileId);
          await writeAudit(trx, {
            action: 'signing.signature_set',
            user_id: user.id,
            subject_type: 'user',
            subject_id: user.id,
            ip: request.ip,
            detail: { bytes: upload.length, width: png.info.width, height: png.info.height },
          });
        });
        return reply.code(201).send({ data: { url: SIGNATURE_URL } });
      },
    );
  });
};
