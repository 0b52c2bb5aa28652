import {
  APPLICANT_FIELDS,
  formatFieldValue,
  missingApplicantFields,
  type ApplicantSnapshot,
} from '@balai/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { SummaryList } from './summary-list.tsx';

type ApplicantSource = Partial<Record<keyof ApplicantSnapshot, unknown>>;

/** Shown at once; the other applicant rows fold away (15 rows are 3 screens on a phone). */
const AT_ONCE = 2;

/**
 * The applicant's data as the letter prints it, one row per applicant field: name and NIK at
 * once, the rest behind "Lihat semua data pemohon".
 */
export function ApplicantRows({ applicant }: { applicant: ApplicantSource }) {
  const rows = APPLICANT_FIELDS.map((f) => ({
    key: f.name,
    label: f.label,
    value: formatFieldValue(f, applicant[f.name as keyof ApplicantSnapshot]),
  }));
  return (
    <>
      <SummaryList rows={rows.slice(0, AT_ONCE)} />
      <details className="group mt-2">
        <summary className="cursor-pointer py-2 font-semibold text-brand-800 underline underline-offset-4">
          Lihat semua data pemohon ({rows.length - AT_ONCE} lainnya)
        </summary>
        <SummaryList rows={rows.slice(AT_ONCE)} />
      </details>
    </>
  );
}

/**
 * The applicant block of a new request, read-only from the resident's profile: the letter is
 * about the person the profile describes. When required data is missing, what is missing and
 * the way to complete it, instead of a form the server would refuse.
 */
export function ApplicantBlock({ profile }: { profile: ApplicantSource }) {
  const missing = missingApplicantFields(profile);
  return (
    <section aria-labelledby="data-pemohon" className="mt-6">
      <h3 id="data-pemohon" className="text-xl font-bold text-slate-900">
        Data pemohon
      </h3>
      {missing.length > 0 ? (
        <div className="mt-3 border-l-4 border-amber-600 bg-amber-50 p-4 text-slate-900">
          <p className="font-semibold">Data diri Anda belum lengkap.</p>
          <p className="mt-1">
            Surat memuat data diri pemohon dari profil Anda. Lengkapi dulu: {missing.join(', ')}.
          </p>
          <Button href={paths.profile.root} className="mt-3">
            Lengkapi profil
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-700">
            Diambil dari profil Anda dan dicetak pada surat. Ada yang salah?{' '}
            <Link to={paths.profile.root} className="text-brand-800 underline underline-offset-4">
              Ubah di Profil Saya
            </Link>
            .
          </p>
          <div className="mt-3">
            <ApplicantRows applicant={profile} />
          </div>
        </>
      )}
    </section>
  );
}
