import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  authPaths,
  messageSchema,
  passwordChangeSchema,
  profileAnswerSchema,
  profileUpdateSchema,
  responses,
  userAnswerSchema,
} from '@balai/domain/contract';
import { HttpError, invalidField } from '../../lib/http-error.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { revokeSession, revokeUserSessions } from '../../repositories/sessions.ts';
import { endPasswordResets } from '../../repositories/password-resets.ts';
import {
  findUniqueClashes,
  toApiUser,
  updateUser,
  type UserRow,
} from '../../repositories/users.ts';
import { maskEmail } from '../../services/mailer.ts';
import { emailNotice, queueNotices } from '../../repositories/notice-outbox.ts';
import { mailLine } from '../../services/mail-text.ts';
import {
  auditIdentityChanges,
  identityChanges,
  refuseLockedIdentity,
} from '../../services/identity.ts';
import { nikRequestedMessage, requestNikChange } from '../../services/nik-requests.ts';
import {
  assertAcceptablePassword,
  hashPassword,
  verifyPassword,
} from '../../services/passwords.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { currentAuth } from '../../types.ts';
import { uniqueClashError } from '../../services/unique-clash.ts';

const WRONG_CURRENT = 'Kata sandi saat ini salah.';
/** Current-password checks per account in PASSWORD_CHECK_WINDOW_MS, from any address. */
export const PASSWORD_CHECKS = 10;
const PASSWORD_CHECK_WINDOW_MS = 15 * 60_000;

/** The notice to the old address: it may be the only way the owner learns of a takeover. */
function emailChangedNotice(name: string, oldEmail: string, newEmail: string) {
  return {
    to: oldEmail,
    subject: 'Alamat e-mail akun Balai Anda diganti',
    text: [
      `Halo ${mailLine(name)},`,
      '',
      `Alamat e-mail akun Balai Anda baru saja diganti menjadi ${maskEmail(newEmail)}.`,
      'Mulai sekarang pemberitahuan dan tautan atur ulang kata sandi dikirim ke alamat baru itu.',
      '',
      'Jika Anda tidak melakukan perubahan ini, segera hubungi kantor desa agar akun Anda diamankan.',
    ].join('\n'),
  };
}

/** Routes of the signed-in user: every one needs a valid session. */
const authSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  // Checks of the current password, per account whatever the address: a stolen session must not
  // become a way to guess the password (the e-mail change and the password change both ask).
  const passwordChecks = app.createRateLimit({
    max: PASSWORD_CHECKS,
    timeWindow: PASSWORD_CHECK_WINDOW_MS,
    keyGenerator: (request) => `current-password:${currentAuth(request).user.id}`,
  });

  /** The signed-in user's password, checked before a change that could take over the account. */
  async function assertCurrentPassword(
    request: FastifyRequest,
    user: UserRow,
    given: string | undefined,
  ): Promise<void> {
    if (!given) {
      throw invalidField(
        'current_password',
        'Masukkan kata sandi saat ini untuk mengganti alamat e-mail.',
      );
    }
    const limit = await passwordChecks(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const seconds = Math.max(1, limit.ttlInSeconds);
      throw new HttpError(
        429,
        `Terlalu banyak percobaan kata sandi. Silakan coba lagi dalam ${Math.ceil(seconds / 60)} menit.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
    if (!(await verifyPassword(user.password_hash, given))) {
      throw invalidField('current_password', WRONG_CURRENT);
    }
  }

  app.post(
    apiRoute(authPaths.logout),
    {
      schema: {
        tags: ['Autentikasi'],
        summary: 'Keluar dan mencabut token sesi ini',
        security: [{ bearerAuth: [] }],
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const auth = currentAuth(request);
      await revokeSession(app.db, auth.sessionId);
      await writeAudit(app.db, {
        action: 'logout',
        user_id: auth.user.id,
        subject_type: 'user',
        subject_id: auth.user.id,
        ip: request.ip,
      });
      return { message: 'Anda telah keluar.' };
    },
  );

  app.get(
    apiRoute(authPaths.profile),
    {
      schema: {
        tags: ['Profil'],
        summary: 'Profil pengguna yang sedang masuk',
        security: [{ bearerAuth: [] }],
        response: responses({ 200: userAnswerSchema }),
      },
    },
    async (request) => ({ data: toApiUser(currentAuth(request).user) }),
  );

  app.put(
    apiRoute(authPaths.profile),
    {
      schema: {
        tags: ['Profil'],
        summary: 'Mengubah biodata dan kontak sendiri (bukan peran atau status aktif)',
        security: [{ bearerAuth: [] }],
        description:
          'Sebuah NIK baru tidak langsung dipakai: dicatat untuk diperiksa petugas desa (nik_change), dengan jawaban yang sama siapa pun pemilik NIK itu; paling banyak 3 kali dalam 24 jam.',
        body: profileUpdateSchema,
        response: responses({ 200: profileAnswerSchema }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const { current_password: currentPassword, ...given } = request.body;
      // Once the office has verified the identity, only the office changes it (issue 11.6).
      refuseLockedIdentity(user, given);
      // A new NIK is never saved here, whoever holds it: the office checks it (issue 18.9).
      const { nik: newNik, ...rest } = given;
      const nikRequested = typeof newNik === 'string' && newNik !== user.nik ? newNik : null;
      const changes = nikRequested === null ? given : rest;
      const emailChanges = changes.email !== undefined && changes.email !== user.email;
      // A stolen session must not become the account: a new e-mail (where reset links go)
      // needs the password, and the old address is told (issue 14.2).
      if (emailChanges) await assertCurrentPassword(request, user, currentPassword);
      const clashes = await findUniqueClashes(app.db, changes, user.id);
      if (clashes.email || clashes.nik) throw uniqueClashError(clashes);
      // After every other check, so a refused save records no request.
      if (nikRequested !== null) await requestNikChange(app.db, user, nikRequested, request.ip);
      const identity = identityChanges(user, changes);
      const updated = await app.db.transaction().execute(async (trx) => {
        const row = await updateUser(trx, user.id, changes);
        await writeAudit(trx, {
          action: 'profile.update',
          user_id: user.id,
          subject_type: 'user',
          subject_id: user.id,
          ip: request.ip,
          detail: { fields: Object.keys(changes) },
        });
        await auditIdentityChanges(trx, {
          actorId: user.id,
          subjectId: user.id,
          ip: request.ip,
          changes: identity,
        });
        // The old address is told, through the notice outbox in this transaction (issue 22).
        if (emailChanges) {
          const m = emailChangedNotice(user.name, user.email, row.email);
          await queueNotices(trx, [emailNotice(m.to, m.subject, m.text, { userId: user.id })]);
        }
        return row;
      });
      return {
        data: toApiUser(updated),
        ...(nikRequested !== null
          ? {
              nik_change: {
                status: 'requested' as const,
                message: nikRequestedMessage(nikRequested),
              },
            }
          : {}),
      };
    },
  );

  app.put(
    apiRoute(authPaths.profilePassword),
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['Profil'],
        summary: 'Mengganti kata sandi; sesi lain dicabut',
        security: [{ bearerAuth: [] }],
        body: passwordChangeSchema,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const auth = currentAuth(request);
      await assertCurrentPassword(request, auth.user, request.body.current_password);
      if (request.body.password === request.body.current_password) {
        throw invalidField('password', 'Kata sandi baru harus berbeda dari kata sandi saat ini.');
      }
      // Not a common password, nor one built from the account's own data (issue 25.5).
      await assertAcceptablePassword(request.body.password, auth.user);
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        await updateUser(trx, auth.user.id, { password_hash: passwordHash });
        await endPasswordResets(trx, auth.user.id);
        await revokeUserSessions(trx, auth.user.id, auth.sessionId);
        await writeAudit(trx, {
          action: 'password.change',
          user_id: auth.user.id,
          subject_type: 'user',
          subject_id: auth.user.id,
          ip: request.ip,
        });
      });
      return { message: 'Kata sandi berhasil diganti. Sesi di perangkat lain telah diakhiri.' };
    },
  );
};

export default authSessionRoutes;
