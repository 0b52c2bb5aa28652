import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from '@balai/domain';
import { HttpError } from '../../lib/http-error.ts';
import { newToken, sha256Hex } from '../../lib/tokens.ts';
import { isoPlus } from '../../lib/time.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import {
  consumePasswordReset,
  findPasswordReset,
  insertPasswordReset,
} from '../../repositories/password-resets.ts';
import { insertSession, revokeUserSessions } from '../../repositories/sessions.ts';
import { findUserByEmail, findUserById, toApiUser, updateUser } from '../../repositories/users.ts';
import { assertNotLocked, loginKey, recordFailure } from '../../services/login-guard.ts';
import { hashPassword, verifyPassword } from '../../services/passwords.ts';
import { apiUserSchema, messageSchema, responses } from '../schemas.ts';

const RESET_VALID_MS = 60 * 60_000;
const FORGOT_ANSWER =
  'Jika e-mail tersebut terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Periksa kotak masuk Anda.';
const BAD_RESET =
  'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.';

const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
      schema: {
        tags: ['Autentikasi'],
        summary: 'Masuk dengan e-mail dan kata sandi',
        body: loginSchema,
        response: responses({
          200: z.object({
            data: z.object({ token: z.string(), expires_at: z.string(), user: apiUserSchema }),
          }),
        }),
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const ip = request.ip;
      const key = loginKey(email);
      await assertNotLocked(app.db, app.config, key, ip);

      const user = await findUserByEmail(app.db, email);
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) {
        await recordFailure(app.db, app.config, {
          key,
          ip,
          userId: user?.id ?? null,
          reason: user ? 'wrong_password' : 'unknown_email',
        });
        throw new HttpError(401, 'E-mail atau kata sandi salah.');
      }
      if (!user.active) {
        await recordFailure(app.db, app.config, { key, ip, userId: user.id, reason: 'inactive' });
        throw new HttpError(403, 'Akun Anda dinonaktifkan. Silakan hubungi kantor desa.');
      }
      const token = newToken(32);
      const session = await insertSession(app.db, {
        token_hash: sha256Hex(token),
        user_id: user.id,
        expires_at: isoPlus(app.config.SESSION_TTL_HOURS * 3_600_000),
        ip,
        user_agent: request.headers['user-agent']?.slice(0, 255) ?? null,
      });
      await writeAudit(app.db, {
        action: 'login.success',
        user_id: user.id,
        subject_type: 'user',
        subject_id: user.id,
        subject_key: key,
        ip,
      });
      return { data: { token, expires_at: session.expires_at, user: toApiUser(user) } };
    },
  );

  app.post(
    '/forgot-password',
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
      const user = await findUserByEmail(app.db, request.body.email);
      if (user?.active) {
        const token = newToken(32);
        await insertPasswordReset(app.db, {
          user_id: user.id,
          token_hash: sha256Hex(token),
          expires_at: isoPlus(RESET_VALID_MS),
        });
        await writeAudit(app.db, {
          action: 'password.reset_requested',
          user_id: user.id,
          subject_type: 'user',
          subject_id: user.id,
          ip: request.ip,
        });
        const link = `${app.config.PUBLIC_URL}/auth/reset-password?token=${token}`;
        // Sent in the background: waiting for the mail server would tell a caller the address exists.
        app.mailer
          .send({
            to: user.email,
            subject: 'Atur ulang kata sandi Balai',
            text: [
              `Halo ${user.name},`,
              '',
              'Kami menerima permintaan untuk mengatur ulang kata sandi akun Anda.',
              'Buka tautan berikut dalam 60 menit untuk membuat kata sandi baru:',
              '',
              link,
              '',
              'Tautan ini hanya dapat dipakai sekali. Jika Anda tidak meminta ini, abaikan e-mail ini; kata sandi Anda tidak berubah.',
            ].join('\n'),
          })
          .catch((err: unknown) => request.log.error({ err }, 'reset e-mail could not be sent'));
      }
      return { message: FORGOT_ANSWER };
    },
  );

  app.post(
    '/reset-password',
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
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        if (!(await consumePasswordReset(trx, reset.id)))
          throw new HttpError(422, BAD_RESET, { token: [BAD_RESET] });
        await updateUser(trx, user.id, { password_hash: passwordHash });
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
