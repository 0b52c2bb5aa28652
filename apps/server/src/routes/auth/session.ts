import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordChangeSchema, profileUpdateSchema } from '@balai/domain';
import { invalidField } from '../../lib/http-error.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { revokeSession, revokeUserSessions } from '../../repositories/sessions.ts';
import { findUniqueClashes, toApiUser, updateUser } from '../../repositories/users.ts';
import { hashPassword, verifyPassword } from '../../services/passwords.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { currentAuth } from '../../types.ts';
import { apiUserSchema, messageSchema, responses } from '../schemas.ts';
import { uniqueClashError } from '../users/unique.ts';

/** Routes of the signed-in user: every one needs a valid session. */
const authSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/logout',
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
    '/profile',
    {
      schema: {
        tags: ['Profil'],
        summary: 'Profil pengguna yang sedang masuk',
        security: [{ bearerAuth: [] }],
        response: responses({ 200: z.object({ data: apiUserSchema }) }),
      },
    },
    async (request) => ({ data: toApiUser(currentAuth(request).user) }),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['Profil'],
        summary: 'Mengubah biodata dan kontak sendiri (bukan peran atau status aktif)',
        security: [{ bearerAuth: [] }],
        body: profileUpdateSchema,
        response: responses({ 200: z.object({ data: apiUserSchema }) }),
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const clashes = await findUniqueClashes(app.db, request.body, user.id);
      if (clashes.email || clashes.nik) throw uniqueClashError(clashes);
      const updated = await updateUser(app.db, user.id, request.body);
      await writeAudit(app.db, {
        action: 'profile.update',
        user_id: user.id,
        subject_type: 'user',
        subject_id: user.id,
        ip: request.ip,
        detail: { fields: Object.keys(request.body) },
      });
      return { data: toApiUser(updated) };
    },
  );

  app.put(
    '/profile/password',
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
      if (!(await verifyPassword(auth.user.password_hash, request.body.current_password))) {
        throw invalidField('current_password', 'Kata sandi saat ini salah.');
      }
      if (request.body.password === request.body.current_password) {
        throw invalidField('password', 'Kata sandi baru harus berbeda dari kata sandi saat ini.');
      }
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        await updateUser(trx, auth.user.id, { password_hash: passwordHash });
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
