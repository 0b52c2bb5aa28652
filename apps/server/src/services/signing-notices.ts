/**
 * What the Kepala Desa is told of every change of who signs, the away dates, the approvals or a
 * signer's account (issue 18, ADR 0020), and what the first Kepala Desa is told when named: an
 * in-app notice and an e-mail (when the account has an address), both in the change's transaction
 * (the e-mail as a row of the notice outbox, issue 22). A change made with the Kepala Desa's own password is told too: should it have
 * been someone else at their desk, they see it.
 */
import type { Kysely } from 'kysely';
import { POSITION_LABELS, type SigningPart } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';
import { insertNotifications } from '../repositories/notifications.ts';
import { findSigningAccounts } from '../repositories/signing.ts';
import { emailNotice, queueNotices } from '../repositories/notice-outbox.ts';
import { mailLine } from './mail-text.ts';

/** Where the settings of signing open in the web. */
export const SIGNING_SETTINGS_LINK = '/admin/settings/signing';

export interface SigningNotice {
  title: string;
  body: string;
  link: string;
}

const PART_LABELS: Record<SigningPart, string> = {
  head: 'akun Kepala Desa',
  secretary: 'akun Sekretaris Desa',
  away: 'masa berhalangan Kepala Desa',
  approval: 'jenis surat yang perlu persetujuan',
};

const ACCOUNT_FIELD_LABELS: Record<string, string> = {
  password: 'kata sandi',
  email: 'e-mail',
  name: 'nama',
  position: 'jabatan',
  nip: 'NIP',
  active: 'status aktif',
  role: 'peran',
};

const list = (words: readonly string[]) =>
  words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} dan ${words[words.length - 1]}`;

/** The first Kepala Desa of the village is told they were named, and by whom. */
export function firstNamingNotice(actorName: string): SigningNotice {
  return {
    title: 'Anda ditetapkan sebagai Kepala Desa',
    body:
      `${mailLine(actorName)} menetapkan akun Anda sebagai Kepala Desa di Pengaturan → Tanda Tangan. ` +
      'Mulai sekarang surat yang perlu persetujuan menunggu tanda tangan Anda, dan hanya Anda yang ' +
      'dapat mengubah pengaturan tanda tangan. Bila ini keliru, segera hubungi operator desa.',
    link: SIGNING_SETTINGS_LINK,
  };
}

/** A change of the signing setup. */
export function setupChangedNotice(
  actorName: string,
  parts: readonly SigningPart[],
): SigningNotice {
  return {
    title: 'Pengaturan tanda tangan diubah',
    body: `${mailLine(actorName)} mengubah ${list(parts.map((p) => PART_LABELS[p]))} di Pengaturan → Tanda Tangan.`,
    link: SIGNING_SETTINGS_LINK,
  };
}

/** A change of a signer's account, or an account given the position Kepala Desa. */
export function accountChangedNotice(
  actorName: string,
  account: { id: number; name: string },
  fields: readonly string[],
  created = false,
): SigningNotice {
  const what = list(fields.map((f) => ACCOUNT_FIELD_LABELS[f] ?? f));
  return {
    title: created ? 'Akun Kepala Desa baru dibuat' : `Akun ${mailLine(account.name)} diubah`,
    body: created
      ? `${mailLine(actorName)} membuat akun ${mailLine(account.name)} dengan jabatan ${POSITION_LABELS.kepala_desa}.`
      : `${mailLine(actorName)} mengubah ${what} akun ${mailLine(account.name)}.`,
    link: `/admin/user/${account.id}/edit`,
  };
}

/**
 * Writes the notice to each of these accounts and queues its e-mail, in the caller's
 * transaction: it goes out once the change is committed.
 */
export async function noticeSigners(
  db: Kysely<Database>,
  userIds: readonly (number | null)[],
  notice: SigningNotice,
  publicUrl: string,
): Promise<void> {
  const ids = [...new Set(userIds.filter((x): x is number => x !== null))];
  const accounts = await findSigningAccounts(db, ids);
  await insertNotifications(
    db,
    accounts.map((a) => a.id),
    {
      title: notice.title,
      body: notice.body,
      link: notice.link,
      letter_request_id: null,
      created_at: nowIso(),
    },
  );
  await queueNotices(
    db,
    accounts
      .filter((a) => a.email)
      .map((a) =>
        emailNotice(
          a.email!,
          notice.title,
          [
            `Yth. ${mailLine(a.name)},`,
            '',
            notice.body,
            '',
            `Buka: ${publicUrl}${notice.link}`,
          ].join('\n'),
          { userId: a.id },
        ),
      ),
  );
}
