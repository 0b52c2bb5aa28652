import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizePhone, resetText } from '@balai/domain';
import {
  apiRoute,
  forgotPasswordWhatsappSchema,
  hasNoEmail,
  messageSchema,
  noticePaths,
  responses,
} from '@balai/domain/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoPlus } from '../../lib/time.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { queueNotices, villageName } from '../../repositories/notice-outbox.ts';
import {
  countPasswordResetsSince,
  insertPasswordReset,
  RESET_LINKS_PER_HOUR,
} from '../../repositories/password-resets.ts';
import { createBackgroundQueue } from '../../services/background.ts';

const RESET_VALID_MS = 60 * 60_000;
const ANSWER =
  'Jika nomor atau NIK tersebut terdaftar dengan WhatsApp yang terkonfirmasi, kami telah mengirim tautan untuk mengatur ulang kata sandi ke WhatsApp itu.';

/**
 * The account a NIK or a WhatsApp number names and the number its reset goes to: the account's
 * confirmed WhatsApp, or the phone of an account without e-mail (activated with a phone only,
 * issue 21). A number names an account only when exactly one holds it.
 */
async function findByIdentifier(
  db: Kysely<Database>,
  identifier: string,
): Promise<{ id: number; phone: string } | null> {
  const nik = /^\d{16}$/.test(identifier) ? identifier : null;
  const phone = nik ? null : normalizePhone(identifier);
  if (!nik && !phone?.ok) return null;
  const base = db
    .selectFrom('users as u')
    .leftJoin('notice_channels as c', (j) =>
      j
        .onRef('c.user_id', '=', 'u.id')
        .on('c.channel', '=', 'whatsapp')
        .on('c.confirmed_at', 'is not', null),
    )
    .select(['u.id', 'u.email', 'u.phone', 'c.address'])
    .where('u.active', '=', 1);
  const rows = nik
    ? await base.where('u.nik', '=', nik).limit(2).execute()
    : await base
        .where((eb) =>
          eb.or([
            eb('c.address', '=', phone!.ok ? phone!.phone : ''),
            eb('u.phone', '=', phone!.ok ? phone!.phone : ''),
          ]),
        )
        .limit(2)
        .execute();
  if (rows.length !== 1) return null;
  const r = rows[0]!;
  const to = r.address ?? (hasNoEmail(r.email) && r.phone ? normalizePhone(r.phone) : null);
  if (!to) return null;
  return { id: r.id, phone: typeof to === 'string' ? to : to.ok ? to.phone : '' };
}

/**
 * `POST /api/forgot-password/whatsapp` (issue 22): the reset link over WhatsApp, for a resident
 * who signs in with their NIK or phone and has no e-mail. The same answer whatever is found,
 * given before anything is looked up (as the e-mail route, issue 14.5); at most
 * RESET_LINKS_PER_HOUR links an hour to one account, counted with the e-mailed ones.
 */
const forgotPasswordWhatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = createBackgroundQueue(app.log, { name: 'forgot-password-wa', jitterMs: 500 });
  app.addHook('onClose', async () => jobs.idle());

  async function sendResetLink(identifier: string, ip: string): Promise<void> {
    const found = await findByIdentifier(app.db, identifier);
    const since = new Date(Date.now() - 60 * 60_000).toISOString();
    const sent = await countPasswordResetsSince(app.db, found?.id ?? 0, since);
    if (!found || !found.phone || sent >= RESET_LINKS_PER_HOUR) {
      await writeAudit(app.db, {
        action: found ? 'password.reset_throttled' : 'password.reset_unknown',
        user_id: found?.id ?? null,
        subject_type: found ? 'user' : null,
        subject_id: found?.id ?? null,
        subject_key: found ? null : sha256Hex(`reset-wa:${identifier}`).slice(0, 40),
        ip,
      });
      return;
    }
    const token = newToken(32);
    const link = `${app.config.PUBLIC_URL}/auth/reset-password?token=${token}`;
    await app.db.transaction().execute(async (trx) => {
      await insertPasswordReset(trx, {
        user_id: found.id,
        token_hash: sha256Hex(token),
        expires_at: isoPlus(RESET_VALID_MS),
      });
      await writeAudit(trx, {
        action: 'password.reset_requested',
        user_id: found.id,
        subject_type: 'user',
        subject_id: found.id,
        ip,
        detail: { channel: 'whatsapp' },
      });
      await queueNotices(trx, [
        {
          userId: found.id,
          kind: 'reset',
          channel: 'whatsapp',
          recipient: found.phone,
          body: resetText(await villageName(trx), link),
        },
      ]);
    });
  }

  app.post(
    apiRoute(noticePaths.forgotPasswordWhatsapp),
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['Autentikasi'],
        summary: 'Meminta tautan atur ulang kata sandi lewat WhatsApp (dengan NIK atau nomor)',
        body: forgotPasswordWhatsappSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const { identifier } = request.body;
      const ip = request.ip;
      jobs.push(() => sendResetLink(identifier, ip));
      return { message: ANSWER };
    },
  );
};

export default forgotPasswordWhatsappRoutes;
