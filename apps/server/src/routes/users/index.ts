import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decide, isActiveAdmin, maskIdNumbers } from '@balai/domain';
import {
  apiRoute,
  idParams,
  messageSchema,
  responses,
  userAnswerSchema,
  userCreateSchema,
  userListQuery,
  userListSchema,
  userPaths,
  userUpdateSchema,
} from '@balai/domain/contract';
import { conflict, notFound } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { endPasswordResets } from '../../repositories/password-resets.ts';
import { revokeUserSessions } from '../../repositories/sessions.ts';
import { getSigningSetup } from '../../repositories/signing.ts';
import {
  countActiveAdmins,
  deleteUser,
  findUniqueClashes,
  findUserById,
  insertUser,
  listUsers,
  toApiUser,
  updateUser,
} from '../../repositories/users.ts';
import { authenticate, requireAdmin } from '../../plugins/authenticate.ts';
import { auditIdentityChanges, identityChanges } from '../../services/identity.ts';
import { assertAcceptablePassword, hashPassword } from '../../services/passwords.ts';
import { authorize, refuseDenied } from '../../services/signing-confirmation.ts';
import { currentAuth } from '../../types.ts';
import { uniqueClashError } from '../../services/unique-clash.ts';
import { assertSignerKept, positionFor } from './positions.ts';
import registerLinkUserRoutes from './register-links.ts';
import {
  createDecision,
  recordSignerChange,
  signerFieldsChanged,
  updateDecision,
} from './signers.ts';

const LAST_ADMIN =
  'Administrator aktif terakhir tidak dapat dihapus, dinonaktifkan, atau diturunkan perannya.';

/** The users API: administrators only (SPEC section 7 paths). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  app.addHook('onRequest', requireAdmin);
  const security = [{ bearerAuth: [] }];
  await app.register(registerLinkUserRoutes);

  app.get(
    apiRoute(userPaths.list),
    {
      schema: {
        tags: ['Pengguna'],
        summary:
          'Daftar pengguna, dengan pencarian nama, e-mail atau NIK dan saringan peran, status aktif dan identitas terverifikasi',
        security,
        querystring: userListQuery,
        response: responses({ 200: userListSchema }),
      },
    },
    async (request) => {
      const { page, per_page, ...filters } = request.query;
      const { rows, total } = await listUsers(app.db, { ...filters, page, perPage: per_page });
      // A list shows NIK and No. KK by their last four digits; the detail has them whole (issue 18.8).
      const data = rows.map((row) => maskIdNumbers(toApiUser(row)));
      return { data, meta: meta(page, per_page, total) };
    },
  );

  app.post(
    apiRoute(userPaths.create),
    {
      schema: {
        tags: ['Pengguna'],
        summary: 'Membuat pengguna',
        security,
        body: userCreateSchema,
        response: responses({ 201: userAnswerSchema }),
      },
    },
    async (request, reply) => {
      const actor = currentAuth(request).user;
      const { password, identity_verified, position, confirmation, ...values } = request.body;
      const nextPosition = positionFor(values.role, position, null);
      // Giving the position Kepala Desa while one is named: the named one decides (ADR 0020).
      const setup = await getSigningSetup(app.db);
      const decision = createDecision(actor, setup, {
        role: values.role,
        position: nextPosition,
        active: values.active,
      });
      const clashes = await findUniqueClashes(app.db, values);
      if (clashes.email || clashes.nik) throw uniqueClashError(clashes);
      // Not a common password, nor one built from the new account's data (issue 25.5).
      await assertAcceptablePassword(password, values);
      const method = await authorize(
        app.db,
        { user: actor, ip: request.ip },
        decision,
        confirmation,
      );
      const passwordHash = await hashPassword(password);
      const created = await app.db.transaction().execute(async (trx) => {
        const row = await insertUser(trx, {
          ...values,
          position: nextPosition,
          password_hash: passwordHash,
          ...(identity_verified
            ? { identity_verified_at: new Date().toISOString(), identity_verified_by: actor.id }
            : {}),
        });
        await writeAudit(trx, {
          action: 'user.create',
          user_id: actor.id,
          subject_type: 'user',
          subject_id: row.id,
          ip: request.ip,
          detail: { role: row.role, identity_verified: Boolean(identity_verified) },
        });
        if (method) {
          await recordSignerChange(trx, {
            actor,
            ip: request.ip,
            setup,
            account: row,
            fields: ['position'],
            method,
            created: true,
            publicUrl: app.config.PUBLIC_URL,
          });
        }
        return row;
      });
      return reply.code(201).send({ data: toApiUser(created) });
    },
  );

  app.get(
    apiRoute(userPaths.detail),
    {
      schema: {
        tags: ['Pengguna'],
        summary: 'Detail pengguna',
        security,
        params: idParams,
        response: responses({ 200: userAnswerSchema }),
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.params.id);
      if (!user) throw notFound('Pengguna tidak ditemukan.');
      // The whole NIK and No. KK are read here: who read whose is audited (issue 18.8).
      await app.readAudit.write({
        action: 'user.view',
        user_id: currentAuth(request).user.id,
        subject_type: 'user',
        subject_id: user.id,
        ip: request.ip,
      });
      return { data: toApiUser(user) };
    },
  );

  app.put(
    apiRoute(userPaths.update),
    {
      schema: {
        tags: ['Pengguna'],
        summary: 'Mengubah pengguna',
        security,
        params: idParams,
        body: userUpdateSchema,
        response: responses({ 200: userAnswerSchema }),
      },
    },
    async (request) => {
      const actor = currentAuth(request).user;
      const target = await findUserById(app.db, request.params.id);
      if (!target) throw notFound('Pengguna tidak ditemukan.');
      const {
        password,
        identity_verified,
        position: requested,
        confirmation,
        ...values
      } = request.body;
      const position = positionFor(values.role ?? target.role, requested, target.position);
      const next = {
        role: values.role ?? target.role,
        position,
        active: values.active ?? Boolean(target.active),
      };
      await assertSignerKept(app.db, target, next);
      // A signer's password, e-mail, name, position, NIP or active state, or the position Kepala
      // Desa given to someone: only with the Kepala Desa's own confirmation (ADR 0020).
      const setup = await getSigningSetup(app.db);
      const signerFields = signerFieldsChanged(target, request.body, next);
      const decision = updateDecision(actor, setup, target, next, signerFields);
      const losesAdmin = isActiveAdmin(target) && !isActiveAdmin(next);
      if (target.id === actor.id && !isActiveAdmin(next)) {
        throw conflict('Anda tidak dapat menonaktifkan atau menurunkan peran akun Anda sendiri.');
      }
      const clashes = await findUniqueClashes(app.db, values, target.id);
      if (clashes.email || clashes.nik) throw uniqueClashError(clashes);
      // Not a common password, nor one built from the account's data as it will be (issue 25.5).
      if (password) await assertAcceptablePassword(password, { ...target, ...values });
      const method = await authorize(
        app.db,
        { user: actor, ip: request.ip },
        decision,
        confirmation,
      );
      const passwordHash = password ? await hashPassword(password) : undefined;
      // The office corrects identity fields from the KTP and KK; each change is audited below.
      const changes = identityChanges(target, values);
      const verifiedNow = target.identity_verified_at !== null;
      const verification =
        identity_verified === true && !verifiedNow
          ? { identity_verified_at: new Date().toISOString(), identity_verified_by: actor.id }
          : identity_verified === false && verifiedNow
            ? { identity_verified_at: null, identity_verified_by: null }
            : {};

      const updated = await app.db.transaction().execute(async (trx) => {
        if (losesAdmin && (await countActiveAdmins(trx)) <= 1) throw conflict(LAST_ADMIN);
        const row = await updateUser(trx, target.id, {
          ...values,
          position,
          ...verification,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        });
        // A deactivated account or a password set by the office ends every open session and
        // every outstanding reset link (issue 18.6).
        if (values.active === false || passwordHash) {
          await revokeUserSessions(trx, target.id);
          await endPasswordResets(trx, target.id);
        }
        if (method) {
          await recordSignerChange(trx, {
            actor,
            ip: request.ip,
            setup,
            account: row,
            fields: signerFields,
            method,
            publicUrl: app.config.PUBLIC_URL,
          });
        }
        await writeAudit(trx, {
          action: 'user.update',
          user_id: actor.id,
          subject_type: 'user',
          subject_id: target.id,
          ip: request.ip,
          detail: { fields: Object.keys(request.body) },
        });
        await auditIdentityChanges(trx, {
          actorId: actor.id,
          subjectId: target.id,
          ip: request.ip,
          changes,
        });
        if ('identity_verified_at' in verification) {
          await writeAudit(trx, {
            action: verification.identity_verified_at
              ? 'user.identity.verify'
              : 'user.identity.unverify',
            user_id: actor.id,
            subject_type: 'user',
            subject_id: target.id,
            ip: request.ip,
          });
        }
        return row;
      });
      return { data: toApiUser(updated) };
    },
  );

  app.delete(
    apiRoute(userPaths.delete),
    {
      schema: {
        tags: ['Pengguna'],
        summary: 'Menghapus pengguna',
        security,
        params: idParams,
        response: responses({ 200: messageSchema }),
      },
    },
    async (request) => {
      const actor = currentAuth(request).user;
      const target = await findUserById(app.db, request.params.id);
      if (!target) throw notFound('Pengguna tidak ditemukan.');
      if (target.id === actor.id) throw conflict('Anda tidak dapat menghapus akun Anda sendiri.');
      // A named signer is never deleted: the settings would lose their signer (issue 18, E).
      refuseDenied(decide(actor, 'user.delete', { setup: await getSigningSetup(app.db), target }));
      await app.db.transaction().execute(async (trx) => {
        if (isActiveAdmin(target) && (await countActiveAdmins(trx)) <= 1) {
          throw conflict(LAST_ADMIN);
        }
        await deleteUser(trx, target.id);
        await writeAudit(trx, {
          action: 'user.delete',
          user_id: actor.id,
          subject_type: 'user',
          subject_id: target.id,
          ip: request.ip,
          detail: { role: target.role },
        });
      });
      return { message: 'Pengguna berhasil dihapus.' };
    },
  );
};

export default userRoutes;
