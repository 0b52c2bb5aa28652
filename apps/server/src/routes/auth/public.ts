import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  authPaths,
  forgotPasswordSchema,
  loginAnswerSchema,
  loginSchema,
  messageSchema,
  resetPasswordSchema,
  responses,
} from '@balai/domain/contract';
import { HttpError } from '../../lib/http-error.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { isoPlus } from '../../lib/time.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import {
  consumePasswordReset,
  countPasswordResetsSince,
  endPasswordResets,
  findPasswordReset,
  insertPasswordReset,
  RESET_LINKS_PER_HOUR,
} from '../../repositories/password-resets.ts';
import { revokeUserSessions } from '../../repositories/sessions.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  updateUser,
} from '../../repositories/users.ts';
import {
  beginLoginAttempt,
  deviceKey,
  loginKey,
  recordFailure,
  recordSuccess,
} from '../../services/login-guard.ts';
import { createBackgroundQueue } from '../../services/background.ts';
import {
  assertAcceptablePassword,
  hashPassword,
  verifyPassword,
} from '../../services/passwords.ts';
import { mailLine } from '../../services/mail-text.ts';
import { emailNotice, queueNotices } from '../../repositories/notice-outbox.ts';
import { openSession } from '../../services/sign-in.ts';
import activationRoutes from './activation.ts';

const RESET_VALID_MS = 60 * 60_000;
/** Reset links sent to one account per hour, whoever asks (the per-address limit is per route). */
export const RESET_MAILS_PER_HOUR = RESET_LINKS_PER_HOUR;
const WRONG_LOGIN = 'E-mail/NIK atau kata sandi salah.';
const FORGOT_ANSWER =
  'Jika e-mail tersebut terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Periksa kotak masuk Anda.';
const BAD_RESET =
  'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.';

const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const resetMails = createBackgroundQueue(app.log, { name: 'forgot-password', jitterMs: 500 });
  app.addHook('onClose', async () => resetMails.idle());
  // A resident's own account from the register (issue 21).
  await app.register(activationRoutes);

  /** The slow part of forgot-password, after the answer: look up, record, mail. */
  async function sendResetLink(email: string, ip: string): Promise<void> {
    // Every path does the same lookup, count and audit write; only a link to send adds more,
    // and at most RESET_MAILS_PER_HOUR times an hour per account.
    const user = await findUserByEmail(app.db, email);
    const known = user?.active ? user : null;
    const since = new Date(Date.now() - 60 * 60_000).toISOString();
    const sent = await countPasswordResetsSince(app.db, known?.id ?? 0, since);
    if (!known || sent >= RESET_MAILS_PER_HOUR) {
      await writeAudit(app.db, {
        action: known ? 'password.reset_throttled' : 'password.reset_unknown',
        user_id: known?.id ?? null,
        subject_type: known ? 'user' : null,
        subject_id: known?.id ?? null,
        subject_key: known ? null : sha256Hex(`reset:${email}`).slice(0, 40),
        ip,
      });
      return;
    }
    const token = newToken(32);
    const link = `${app.config.PUBLIC_URL}/auth/reset-password?token=${token}`;
    // The link, the audit row and the e-mail (a row of the notice outbox, issue 22) together.
    await app.db.transaction().execute(async (trx) => {
      await insertPasswordReset(trx, {
        user_id: known.id,
        token_hash: sha256Hex(token),
        expires_at: isoPlus(RESET_VALID_MS),
      });
      await writeAudit(trx, {
        action: 'password.reset_requested',
        user_id: known.id,
        subject_type: 'user',
        subject_id: known.id,
        ip,
      });
      const text = [
        `Halo ${mailLine(known.name)},`,
        '',
        'Kami menerima permintaan untuk mengatur ulang kata sandi akun Anda.',
        'Buka tautan berikut dalam 60 menit untuk membuat kata sandi baru:',
        '',
        link,
        '',
        'Tautan ini hanya dapat dipakai sekali. Jika Anda tidak meminta ini, abaikan e-mail ini; kata sandi Anda tidak berubah.',
      ].join('\n');
      await queueNotices(trx, [
        emailNotice(known.email, 'Atur ulang kata sandi Balai', text, {
          userId: known.id,
          kind: 'reset',
        }),
      ]);
    });
  }

  app.post(
    apiRoute(authPaths.login),
    {
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
      schema: {
        tags: ['Autentikasi'],
        summary: 'Masuk dengan e-mail atau NIK dan kata sandi',
        body: loginSchema,
        response: responses({ 200: loginAnswerSchema }),
      },
    },
    async (request) => {
      const { email: identifier, password, device } = request.body;
      const key = loginKey(identifier);
      // Recorded before the password is checked, so parallel guesses cannot pass the limits.
      const attempt = await beginLoginAttempt(app.db, app.config, {
        key,
        ip: request.ip,
        device: device ? deviceKey(key, device) : null,
      });

      // The same steps for an unknown identifier as for a wrong password (one hash check).
      const user = await findUserByLogin(app.db, identifier);
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) {
        await recordFailure(app.db, app.config, {
          attempt,
          userId: user?.id ?? null,
          reason: user ? 'wrong_password' : 'unknown_login',
        });
        throw new HttpError(401, WRONG_LOGIN);
      }
      if (!user.active) {
        await recordFailure(app.db, app.config, { attempt, userId: user.id, reason: 'inactive' });
        throw new HttpError(403, 'Akun Anda dinonaktifkan. Silakan hubungi kantor desa.');
      }
      const answer = await openSession(app, request, user);
      await recordSuccess(app.db, { attempt, userId: user.id });
      return answer;
    },
  );

  app.post(
    apiRoute(authPaths.forgotPassword),
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['Autentikasi'],
        summary: 'Meminta tautan atur ulang kata sandi lewat e-mail',
        body: forgotPasswordSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      // Nothing is looked up while the caller waits: a known and an unknown address take the
      // same steps to the same answer, so neither the answer nor its time tells them apart.
      const { email } = request.body;
      const ip = request.ip;
      resetMails.push(() => sendResetLink(email, ip));
      return { message: FORGOT_ANSWER };
    },
  );

  app.post(
    apiRoute(authPaths.resetPassword),
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['Autentikasi'],
        summary: 'Membuat kata sandi baru dengan token dari e-mail',
        body: resetPasswordSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const reset = await findPasswordReset(app.db, sha256Hex(request.body.token));
      if (!reset || reset.used_at !== null || Date.parse(reset.expires_at) <= Date.now()) {
        throw new HttpError(422, BAD_RESET, { token: [BAD_RESET] });
      }
      const user = await findUserById(app.db, reset.user_id);
      if (!user?.active) throw new HttpError(422, BAD_RESET, { token: [BAD_RESET] });
      // Not a common password, nor one built from the account's own data (issue 25.5).
      await assertAcceptablePassword(request.body.password, user);
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        if (!(await consumePasswordReset(trx, reset.id)))
          throw new HttpError(422, BAD_RESET, { token: [BAD_RESET] });
        await updateUser(trx, user.id, { password_hash: passwordHash });
        // Every other link of this user ends with this one (issue 14.3).
        await endPasswordResets(trx, user.id);
        await revokeUserSessions(trx, user.id);
        await writeAudit(trx, {
          action: 'password.reset',
          user_id: user.id,
          subject_type: 'user',
          subject_id: user.id,
          ip: request.ip,
        });
      });
      return { message: 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.' };
    },
  );
};

export default authPublicRoutes;
