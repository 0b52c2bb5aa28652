// Part of the desk's review screen (desk-detail-page.tsx): who filed the request for whom, and
// the birth or death an issued Kelahiran or Kematian letter records in the register (issue 21).
import type { LetterRequestDetail, RegisterEventProposal } from '@balai/domain/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { recordRegisterEvent, useRegisterEventProposal } from '../../../api/register-links.ts';
import { SummaryList } from '../../../components/letters/summary-list.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage, fieldErrors } from '../../../lib/http-client.ts';

/** "Diajukan oleh Budi untuk Siti": only when someone filed it for another person. */
export function FilingLine({ request }: { request: LetterRequestDetail }) {
  const filing = request.filing;
  if (!filing?.on_behalf) return null;
  return (
    <p className="mt-3 rounded-md border-l-4 border-sky-700 bg-sky-50 p-3 text-slate-900">
      Diajukan oleh <strong>{filing.filed_by_name ?? 'petugas'}</strong> untuk{' '}
      <strong>{request.applicant.name ?? '—'}</strong>
      {filing.subject_person_id !== null && (
        <>
          {' '}
          (
          <Link
            to={adminPaths.register.person(filing.subject_person_id)}
            className="text-brand-800 underline underline-offset-2"
          >
            lihat di buku induk
          </Link>
          )
        </>
      )}
      .
    </p>
  );
}

const WORDS = {
  birth: { heading: 'Catat kelahiran di buku induk', who: 'Bayi' },
  death: { heading: 'Catat kematian di buku induk', who: 'Almarhum/almarhumah' },
} as const;

function rows(p: RegisterEventProposal) {
  const person = p.person;
  const list = [
    { key: 'who', label: WORDS[p.kind].who, value: person.name || '—' },
    { key: 'gender', label: 'Jenis kelamin', value: person.gender ?? '—' },
    {
      key: 'date',
      label: p.kind === 'birth' ? 'Tanggal lahir' : 'Tanggal meninggal',
      value: p.occurred_on,
    },
    { key: 'reported', label: 'Tanggal lapor', value: p.reported_on },
  ];
  if (p.kind === 'birth') {
    list.push(
      { key: 'place', label: 'Tempat lahir', value: person.birth_place ?? '—' },
      { key: 'father', label: 'Nama ayah', value: person.father_name ?? '—' },
      { key: 'mother', label: 'Nama ibu', value: person.mother_name ?? '—' },
      { key: 'rel', label: 'Hubungan dalam keluarga', value: person.relationship ?? '—' },
    );
  }
  if (p.family) {
    list.push({
      key: 'family',
      label: 'Keluarga',
      value: `No. KK berakhiran ${p.family.kk_masked.slice(-4)}${p.family.head_name ? `, kepala keluarga ${p.family.head_name}` : ''}`,
    });
  }
  return list;
}

/** The confirmed action of an issued Kelahiran or Kematian letter; nothing for other types. */
export function RegisterEventPanel({ request }: { request: LetterRequestDetail }) {
  const recordable = request.type === 'kkel' || request.type === 'kkem';
  const { proposal, error, mutate } = useRegisterEventProposal(recordable ? request.id : null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [nik, setNik] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const toast = useToast();
  const nikId = useId();
  if (!recordable || !proposal) {
    return error ? (
      <p role="alert" className="mt-6 text-red-800">
        {errorMessage(error)}
      </p>
    ) : null;
  }
  const words = WORDS[proposal.kind];
  const nikError = fieldErrors(failure)?.nik?.[0];

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await recordRegisterEvent(
        request.id,
        proposal!.kind === 'birth' ? { nik } : {},
      );
      toast.success(answer.message);
      setAsking(false);
      await mutate();
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="buku-induk"
      className="mt-8 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="buku-induk" className="text-xl font-bold text-slate-900">
        {words.heading}
      </h2>
      {proposal.recorded_event_id !== null ? (
        <p className="mt-2 text-slate-900">
          {proposal.kind === 'birth' ? 'Kelahiran' : 'Kematian'} dari surat ini sudah dicatat di
          buku induk
          {proposal.person.id !== null && (
            <>
              {' '}
              (
              <Link
                to={adminPaths.register.person(proposal.person.id)}
                className="text-brand-800 underline underline-offset-2"
              >
                lihat {proposal.person.name}
              </Link>
              )
            </>
          )}
          .
        </p>
      ) : proposal.blocked ? (
        <p className="mt-2 text-slate-800">{proposal.blocked}</p>
      ) : (
        <>
          <p className="mt-1 text-slate-700">
            Diisi dari surat ini. Periksa, lalu catat sekali; tercatat dalam log audit.
          </p>
          <div className="mt-3">
            <SummaryList rows={rows(proposal)} />
          </div>
          {proposal.kind === 'death' && proposal.accounts_to_close > 0 && (
            <p className="mt-3 font-semibold text-amber-900">
              Akun warga almarhum/almarhumah akan ditutup dan sesi masuknya diakhiri.
            </p>
          )}
          <Button className="mt-4" onClick={() => setAsking(true)}>
            {proposal.action_label}
          </Button>
        </>
      )}

      <Modal
        open={asking}
        onClose={() => !busy && setAsking(false)}
        role="alertdialog"
        title={`${proposal.action_label}?`}
        description={
          proposal.kind === 'birth'
            ? `${proposal.person.name} dicatat sebagai penduduk baru dalam keluarga ini. Tindakan ini hanya dapat dilakukan sekali.`
            : `${proposal.person.name} dicatat meninggal pada ${proposal.occurred_on}. Tindakan ini hanya dapat dilakukan sekali.`
        }
        footer={
          <>
            <Button variant="outlined" onClick={() => setAsking(false)} disabled={busy}>
              Batal
            </Button>
            <Button onClick={() => void confirm()} loading={busy}>
              {proposal.action_label}
            </Button>
          </>
        }
      >
        {proposal.kind === 'birth' && (
          <div>
            <label htmlFor={nikId} className="mb-1 block font-semibold text-slate-900">
              NIK bayi
            </label>
            <p id={`${nikId}-hint`} className="mb-1 text-sm text-slate-700">
              16 digit, dari Kartu Keluarga yang baru.
            </p>
            {nikError && (
              <p id={`${nikId}-error`} className="mb-1 font-semibold text-red-800">
                <span className="sr-only">Kesalahan: </span>
                {nikError}
              </p>
            )}
            <input
              id={nikId}
              inputMode="numeric"
              autoComplete="off"
              value={nik}
              onChange={(e) => setNik(e.target.value)}
              aria-describedby={`${nikId}-hint${nikError ? ` ${nikId}-error` : ''}`}
              aria-invalid={nikError ? true : undefined}
              className="h-11 w-full rounded-md border-2 border-slate-700 px-3 text-base"
            />
          </div>
        )}
        {failure !== null && !nikError && (
          <p
            role="alert"
            className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-900"
          >
            {errorMessage(failure)}
          </p>
        )}
      </Modal>
    </section>
  );
}

/** Both parts, placed under the applicant on the desk's review screen. */
export function RegisterLinkSection({ request }: { request: LetterRequestDetail }) {
  return (
    <>
      <FilingLine request={request} />
      <RegisterEventPanel request={request} />
    </>
  );
}
