// Part of the desk's review screen (desk-detail-page.tsx).
import { APPLICANT_FIELDS, formatFieldValue, type ApplicantSnapshot } from '@balai/domain';
import { Link } from 'react-router';
import { SummaryList } from '../../../components/letters/summary-list.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import type { LetterRequestDetail } from '@balai/domain/contract';

function applicantRows(applicant: ApplicantSnapshot) {
  return APPLICANT_FIELDS.map((f) => ({
    key: f.name,
    label: f.label,
    value: formatFieldValue(f, applicant[f.name as keyof ApplicantSnapshot]),
  }));
}

/** The applicant as the request recorded them, with whether the office verified them. */
export function ApplicantSection({ request }: { request: LetterRequestDetail }) {
  return (
    <section aria-labelledby="pemohon">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="pemohon" className="text-xl font-bold text-slate-900">
          Data pemohon
        </h2>
        {request.applicant_verified ? (
          <strong className="rounded bg-emerald-100 px-2 py-0.5 text-sm font-bold text-emerald-900">
            Terverifikasi
          </strong>
        ) : (
          <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-bold text-slate-800">
            Belum terverifikasi
          </span>
        )}
      </div>
      <p className="mt-1 text-slate-700">
        Data saat permohonan diajukan, seperti dicetak pada surat.{' '}
        {request.applicant_user_id !== null ? (
          <Link
            to={adminPaths.userEdit(request.applicant_user_id)}
            className="text-brand-800 underline underline-offset-2"
          >
            Lihat akun warga
          </Link>
        ) : (
          'Pemohon tanpa akun (diisi petugas).'
        )}
      </p>
      <div className="mt-3">
        <SummaryList rows={applicantRows(request.applicant)} />
      </div>
    </section>
  );
}
