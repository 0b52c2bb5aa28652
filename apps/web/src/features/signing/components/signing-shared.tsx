import { SIGNER_ONLY, formatDateId, formatDateTimeId } from '@balai/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '../../../lib/admin-paths.ts';
import type { SigningMe, SigningQueueItem } from '@balai/domain/contract';

/** "23 November 2026, 14.05 WIB": when the clerk sent the letter for signature. */
export const waitingSince = (item: SigningQueueItem) =>
  formatDateTimeId(item.sent_at ?? item.created_at);

/** The viewer cannot sign now: why, and for a Sekretaris Desa, when they will. */
export function NotSignerBlock({ me }: { me: SigningMe }) {
  return (
    <div
      role="alert"
      className="rounded-md border-l-8 border-amber-600 bg-amber-50 p-4 text-slate-900"
    >
      <p className="font-semibold">{SIGNER_ONLY}</p>
      {me.is_secretary && (
        <p className="mt-2">
          Anda tercatat sebagai Sekretaris Desa. Antrean ini terbuka untuk Anda selama masa
          berhalangan Kepala Desa
          {me.delegation
            ? ` (${formatDateId(me.delegation.from)} sampai ${formatDateId(me.delegation.until)})`
            : ''}
          .
        </p>
      )}
      <p className="mt-2">
        <Link
          to={adminPaths.signingSettings}
          className="text-brand-800 underline underline-offset-2"
        >
          Lihat pengaturan tanda tangan
        </Link>
      </p>
    </div>
  );
}

/** Signing "a.n. Kepala Desa": said on every screen of the queue while it holds. */
export function OnBehalfNote({ children }: { children?: ReactNode }) {
  return (
    <p className="mb-4 rounded-md border-l-8 border-violet-700 bg-violet-50 p-3 text-slate-900">
      Kepala Desa sedang berhalangan. Anda menandatangani <strong>a.n. Kepala Desa</strong> sebagai
      Sekretaris Desa.{children}
    </p>
  );
}
