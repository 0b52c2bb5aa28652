/**
 * What signing (issue 15, docs/signing.md) adds to a status change: whether the type needs the
 * head of village's approval, whether the actor is the designated signer today, the checks of
 * the changes into and out of `awaiting_signature`, and what such a change writes besides the
 * status (notices to the signers or the clerk, audit rows, the signers' e-mail and messages
 * queued in the outbox: issue 22). The workflow (workflow.ts) and the approval (signing.ts) both use it.
 */
import type { Kysely } from 'kysely';
import {
  APPROVAL_NEEDED,
  NO_HEAD_SET,
  ON_BEHALF_LABEL,
  POSITION_LABELS,
  SIGNER_ONLY,
  approvalRequired,
  can,
  delegationActive,
  holdsPosition,
  isActiveAdmin,
  signerFor,
  todayIso,
  transitionApplies,
  type LetterStatus,
  type LetterTransition,
  type LetterType,
  type Position,
  type TransitionContext,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { conflict, forbidden } from '../lib/http-error.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import type { LetterRequestRow } from '../repositories/letter-rows.ts';
import { insertNotifications } from '../repositories/notifications.ts';
import { emailNotice, queueNotices, queuePersonMessage } from '../repositories/notice-outbox.ts';
import {
  findSigningAccounts,
  getSigningSetup,
  lastSignatureRequests,
  type StoredSigningSetup,
} from '../repositories/signing.ts';
import type { UserRow } from '../repositories/users.ts';
import {
  adminLink,
  awaitingSignatureNotice,
  returnedToResidentNotice,
  signedNotice,
  type Notice,
} from './notices.ts';
import { signingMessage } from './notice-messages.ts';
import type { LetterPdfSigner } from './pdf/index.ts';
import type { Actor } from './types.ts';
import { mailLine } from '../services/mail-text.ts';

/** How many letters wait for a signature now (the signer's message says so). */
async function countAwaitingSignature(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('letter_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'awaiting_signature')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Where the signer opens a letter waiting for them (the web's signing screen). */
export const signingLink = (id: number) => `/admin/signing/${id}`;

export interface SigningState {
  setup: StoredSigningSetup;
  today: string;
  /** The actor may approve and return letters today, and whether on the Kepala Desa's behalf. */
  signer: { canSign: boolean; onBehalf: boolean };
}

/** Who signs today, and what the actor may do about it. Residents need no read. */
export async function signingState(db: Kysely<Database>, user: UserRow): Promise<SigningState> {
  const today = todayIso();
  const setup = await getSigningSetup(db);
  return { setup, today, signer: signerFor(setup, user, today) };
}

/** The context of the domain's transitions for this viewer and this type. */
export function transitionContext(state: SigningState, type: LetterType): TransitionContext {
  return {
    approvalRequired: approvalRequired(state.setup, type.code),
    signer: state.signer.canSign,
  };
}

/** Changes that depend on the signing settings. */
export function touchesSigning(from: LetterStatus, to: LetterStatus): boolean {
  return (
    from === 'awaiting_signature' ||
    to === 'awaiting_signature' ||
    (from === 'processing' && to === 'completed')
  );
}

/**
 * Refuses a change the domain allows only for another approval setting or another actor: a 409
 * naming the right step, or a 403 for someone who is not the signer.
 */
export async function assertSigningTransition(
  db: Kysely<Database>,
  state: SigningState,
  type: LetterType,
  transition: LetterTransition,
): Promise<void> {
  const ctx = transitionContext(state, type);
  if (transition.signer && !state.signer.canSign) throw forbidden(SIGNER_ONLY);
  if (transition.via === 'signing') {
    throw forbidden(
      'Surat disetujui dengan kata sandi atau PIN Anda: pilih Setujui dan Terbitkan pada antrean tanda tangan.',
    );
  }
  if (transitionApplies(transition, ctx)) {
    if (transition.to === 'awaiting_signature' && !(await headCanSign(db, state))) {
      throw conflict(NO_HEAD_SET);
    }
    return;
  }
  if (transition.approval === 'none') throw conflict(APPROVAL_NEEDED);
  if (transition.approval === 'required') {
    throw conflict(
      state.setup.head_user_id === null
        ? NO_HEAD_SET
        : 'Surat jenis ini diterbitkan tanpa persetujuan Kepala Desa. Pilih Terbitkan Surat.',
    );
  }
  throw forbidden(SIGNER_ONLY);
}

/** The named Kepala Desa account is still an active administrator in that position. */
async function headCanSign(db: Kysely<Database>, state: SigningState): Promise<boolean> {
  const id = state.setup.head_user_id;
  if (id === null) return false;
  const [head] = await findSigningAccounts(db, [id]);
  return holdsPosition(head, 'kepala_desa');
}

/** The accounts told of a letter waiting for signature: the Kepala Desa, and the delegate. */
async function signerAccounts(db: Kysely<Database>, state: SigningState) {
  const ids = [state.setup.head_user_id];
  if (delegationActive(state.setup, state.today)) ids.push(state.setup.secretary_user_id);
  const accounts = await findSigningAccounts(
    db,
    ids.filter((x): x is number => x !== null),
  );
  return accounts.filter((a) => isActiveAdmin(a));
}

/**
 * What a change into or out of `awaiting_signature` writes in the workflow's transaction besides
 * the status, event and the resident's notice: the signers' notices (in-app, e-mail and their own
 * channels, all queued in that transaction: issue 22) or the clerk's.
 */
export interface SigningEffects {
  /** The resident's notice instead of the usual one, or undefined to keep it. */
  residentNotice?: (id: number) => Notice;
  record(trx: Kysely<Database>, updated: LetterRequestRow, now: string): Promise<void>;
}

export function signingEffects(
  state: SigningState,
  type: LetterType,
  actor: Actor,
  from: LetterStatus,
  to: LetterStatus,
  note: string | null,
  publicUrl: string,
): SigningEffects | null {
  if (to === 'awaiting_signature') {
    return {
      async record(trx, updated, now) {
        const notice = awaitingSignatureNotice(
          type,
          updated.id,
          updated.applicant_name,
          actor.user.name,
          note,
        );
        const signers = (await signerAccounts(trx, state)).filter((s) => s.id !== actor.user.id);
        await insertNotifications(
          trx,
          signers.map((s) => s.id),
          {
            ...notice,
            link: signingLink(updated.id),
            letter_request_id: updated.id,
            created_at: now,
          },
        );
        // The e-mail goes to every signer with an address, through the outbox; their
        // WhatsApp/Telegram, when switched on, says how many letters wait.
        const mails = signers
          .filter((s) => s.email)
          .map((s) =>
            emailNotice(
              s.email!,
              // Names and the clerk's note are typed by people: each on one line (issue 18.10).
              mailLine(notice.title),
              [
                `Yth. ${mailLine(s.name)},`,
                '',
                mailLine(notice.body),
                '',
                `Buka antrean tanda tangan: ${publicUrl}${signingLink(updated.id)}`,
              ].join('\n'),
              { userId: s.id, kind: 'signing', letterRequestId: updated.id },
            ),
          );
        await queueNotices(trx, mails);
        if (signers.length > 0) {
          const waiting = await countAwaitingSignature(trx);
          await queuePersonMessage(
            trx,
            signers.map((s) => s.id),
            signingMessage(waiting),
            updated.id,
            ['email'],
          );
        }
      },
    };
  }
  if (from === 'awaiting_signature' && to === 'processing') {
    return {
      residentNotice: (id) => returnedToResidentNotice(type, id),
      async record(trx, updated, now) {
        const requested = (await lastSignatureRequests(trx, [updated.id])).get(updated.id);
        const clerk = requested?.actor_id ?? null;
        if (clerk !== null && clerk !== actor.user.id) {
          const notice = signedNotice(type, updated.id, {
            kind: 'returned',
            signer: signerTitle(actor.user.name, actor.user.position, state.signer.onBehalf),
            note: note ?? '',
          });
          await insertNotifications(trx, [clerk], {
            ...notice,
            link: adminLink(type, updated.id),
            letter_request_id: updated.id,
            created_at: now,
          });
        }
        await writeAudit(trx, {
          action: 'signing.return',
          user_id: actor.user.id,
          subject_type: 'letter_request',
          subject_id: updated.id,
          ip: actor.ip,
          detail: {
            type: type.code,
            position: actor.user.position,
            on_behalf: state.signer.onBehalf,
          },
        });
      },
    };
  }
  return null;
}

/** "Kepala Desa H. Ahmad" or "Sekretaris Desa Rina (a.n. Kepala Desa)": who acted, in a notice. */
export function signerTitle(name: string, position: Position | null, onBehalf: boolean): string {
  const pos = position ? `${POSITION_LABELS[position]} ` : '';
  return `${pos}${name}${onBehalf ? ` (${ON_BEHALF_LABEL})` : ''}`;
}

/**
 * The signature block of a letter nobody signs electronically (a type without approval, a draft
 * preview): the Kepala Desa named in the settings, from their account (its NIP only when it has
 * one); undefined only when none is named, so the settings' free-text head_name and head_nip
 * print instead. Once an account is named the free text is never printed (issue 18): a named
 * account cannot be deleted (its row is always there).
 */
export async function printedHead(db: Kysely<Database>): Promise<LetterPdfSigner | undefined> {
  const setup = await getSigningSetup(db);
  if (setup.head_user_id === null) return undefined;
  const [head] = await findSigningAccounts(db, [setup.head_user_id]);
  if (!head) return undefined;
  return {
    name: head.name,
    nip: head.nip,
    position: POSITION_LABELS.kepala_desa,
    onBehalf: false,
    image: null,
    signedAt: null,
  };
}

/**
 * The transition context of each type for this viewer, for the `actions` of requests in the
 * API; residents' transitions do not depend on signing, so they need no read.
 */
export async function viewerSigning(
  db: Kysely<Database>,
  viewer: UserRow,
): Promise<((type: LetterType) => TransitionContext) | undefined> {
  if (!can(viewer, 'admin.access')) return undefined;
  const state = await signingState(db, viewer);
  return (type) => transitionContext(state, type);
}

/** How the API shows who signed an issued letter (verify answer, request detail). */
export function signatureView(
  s:
    | {
        signer_name: string;
        signer_position: Position;
        on_behalf: number;
        signed_at: string;
      }
    | null
    | undefined,
) {
  if (!s) return null;
  return {
    name: s.signer_name,
    position: s.signer_position,
    position_label: POSITION_LABELS[s.signer_position],
    on_behalf: s.on_behalf === 1,
    on_behalf_label: s.on_behalf === 1 ? ON_BEHALF_LABEL : null,
    signed_at: s.signed_at,
  };
}
