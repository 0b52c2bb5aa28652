import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LETTER_TYPES,
  POSITION_LABELS,
  decide,
  delegationActive,
  holdsPosition,
  signingChanges,
  todayIso,
  type Position,
  type SigningSetup,
} from '@balai/domain';
import {
  apiRoute,
  responses,
  signingPaths,
  signingSettingsAnswerSchema,
  signingSettingsUpdateSchema,
  type SigningSettings,
} from '@balai/domain/contract';
import { HttpError } from '../../lib/http-error.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import {
  findSigningAccounts,
  getSigningSetup,
  saveSigningSetup,
} from '../../repositories/signing.ts';
import { authorize, refuseDenied } from '../../services/signing-confirmation.ts';
import {
  firstNamingNotice,
  noticeSigners,
  setupChangedNotice,
} from '../../services/signing-notices.ts';
import { currentAuth } from '../../types.ts';

const tags = ['Tanda Tangan'];
const security = [{ bearerAuth: [] }];

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

  const present = async (
    setup: SigningSetup & { updated_at: string | null },
  ): Promise<SigningSettings> => {
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
    apiRoute(signingPaths.settings),
    {
      schema: {
        tags,
        security,
        summary:
          'Pengaturan tanda tangan: Kepala Desa, Sekretaris Desa, masa berhalangan, persetujuan per jenis surat',
        response: responses({ 200: signingSettingsAnswerSchema }),
      },
    },
    async () => ({ data: await present(await getSigningSetup(app.db)) }),
  );

  app.put(
    apiRoute(signingPaths.settings),
    {
      schema: {
        tags,
        security,
        summary: 'Mengubah pengaturan tanda tangan (isian yang dikirim saja)',
        body: signingSettingsUpdateSchema,
        response: responses({ 200: signingSettingsAnswerSchema }),
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
      await app.db.transaction().execute(async (trx) => {
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
        if (parts.length === 0) return;
        // The Kepala Desa (the one before and the one after) is told; a first one, that they were named.
        await noticeSigners(
          trx,
          firstNaming ? [] : [before.head_user_id, next.head_user_id],
          setupChangedNotice(user.name, parts),
          app.config.PUBLIC_URL,
        );
        if (firstNaming) {
          await noticeSigners(
            trx,
            [next.head_user_id],
            firstNamingNotice(user.name),
            app.config.PUBLIC_URL,
          );
        }
      });
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
