import {
  formatFieldValue,
  missingApplicantFields,
  profileDefaults,
  requestReference,
  type ApiUser,
  type FieldValues,
  type LetterType,
} from '@balai/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorSummary } from '../../../components/form/error-summary.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage, fieldErrors } from '../../../lib/http-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useLetterActions } from '../api/letter-requests.ts';
import type { LetterRequest } from '../api/types.ts';
import { ApplicantBlock, ApplicantRows } from './applicant-block.tsx';
import { LetterForm, toRawValues, type RawValues } from './letter-form.tsx';
import { SummaryList } from './summary-list.tsx';

type Step =
  | { name: 'form'; focusField?: string; serverError?: unknown }
  | { name: 'check'; values: FieldValues; error?: unknown }
  | { name: 'done'; request: LetterRequest };

/**
 * A new request in three steps (GOV.UK): the form, "check your answers", then the
 * confirmation with the reference. What was typed survives going back and forth.
 */
export function RequestFlow({ type, profile }: { type: LetterType; profile: ApiUser }) {
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [raw, setRaw] = useState<RawValues>(() =>
    toRawValues(type, profileDefaults(type.fields, profile)),
  );
  // One key per request being made: a retried submit never files it twice.
  const idempotencyKey = useRef(crypto.randomUUID());
  const [sending, setSending] = useState(false);
  const actions = useLetterActions();

  const complete = missingApplicantFields(profile).length === 0;

  async function send(values: FieldValues) {
    setSending(true);
    try {
      const request = await actions.create(type, values, idempotencyKey.current);
      idempotencyKey.current = crypto.randomUUID();
      setStep({ name: 'done', request });
    } catch (error) {
      const onFields = Object.keys(fieldErrors(error) ?? {}).some((name) =>
        type.fields.some((f) => f.name === name),
      );
      setStep(onFields ? { name: 'form', serverError: error } : { name: 'check', values, error });
    } finally {
      setSending(false);
    }
  }

  if (step.name === 'done') return <Confirmation type={type} request={step.request} />;

  if (step.name === 'check') {
    return (
      <CheckAnswers
        type={type}
        profile={profile}
        values={step.values}
        error={step.error}
        sending={sending}
        onSend={() => void send(step.values)}
        onChange={(focusField) => setStep({ name: 'form', focusField })}
      />
    );
  }

  return (
    <section aria-labelledby="ajukan-surat" className="mt-8">
      <h2 id="ajukan-surat" className="text-2xl font-bold text-slate-900">
        Ajukan surat
      </h2>
      <ApplicantBlock profile={profile} />
      {complete && (
        <div className="mt-8">
          <h3 className="mb-4 text-xl font-bold text-slate-900">Isian surat</h3>
          <LetterForm
            type={type}
            defaultValues={raw}
            serverError={step.serverError}
            focusField={step.focusField}
            submitLabel="Lanjutkan"
            onSubmit={(values, typed) => {
              setRaw(typed);
              setStep({ name: 'check', values });
            }}
          />
        </div>
      )}
    </section>
  );
}

interface CheckAnswersProps {
  type: LetterType;
  profile: ApiUser;
  values: FieldValues;
  /** Why the last send failed (not a field's fault: those go back to the form). */
  error?: unknown;
  sending: boolean;
  onSend: () => void;
  /** Back to the form, focus on this field (or the top for none). */
  onChange: (focusField?: string) => void;
}

/** GOV.UK "check your answers": everything that will be printed, each answer changeable. */
function CheckAnswers({
  type,
  profile,
  values,
  error,
  sending,
  onSend,
  onChange,
}: CheckAnswersProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="periksa-jawaban" className="mt-8">
      {error !== undefined && (
        <ErrorSummary
          items={[]}
          description={
            <>
              {errorMessage(error)}
              {fieldErrors(error)?.profile && (
                <>
                  {' '}
                  <Link to={paths.profile.root} className="underline">
                    Lengkapi profil
                  </Link>
                </>
              )}
            </>
          }
        />
      )}
      <h2
        id="periksa-jawaban"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900"
      >
        Periksa jawaban Anda
      </h2>
      <p className="mt-2 text-slate-700">
        Pastikan semuanya benar sebelum dikirim. Data ini dicetak pada surat.
      </p>
      <h3 className="mt-6 text-xl font-bold text-slate-900">Data pemohon</h3>
      <div className="mt-3">
        <ApplicantRows applicant={profile} />
      </div>
      <h3 className="mt-6 text-xl font-bold text-slate-900">Isian surat</h3>
      <div className="mt-3">
        <SummaryList
          rows={type.fields.map((f) => ({
            key: f.name,
            label: f.label,
            value: formatFieldValue(f, values[f.name]),
            action: (
              <button
                type="button"
                className="font-semibold text-brand-800 underline underline-offset-4"
                onClick={() => onChange(f.name)}
              >
                Ubah<span className="sr-only"> {f.label}</span>
              </button>
            ),
          }))}
        />
      </div>
      <p className="mt-6 text-slate-900">
        Dengan mengirim permohonan ini, Anda menyatakan data di atas benar.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onSend} loading={sending}>
          Kirim permohonan
        </Button>
        <Button variant="outlined" onClick={() => onChange()} disabled={sending}>
          Kembali ke formulir
        </Button>
      </div>
    </section>
  );
}

/** The end of a request: its reference, what happens next and where to follow it. */
function Confirmation({ type, request }: { type: LetterType; request: LetterRequest }) {
  const reference = requestReference(type.code, request.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="permohonan-terkirim" className="mt-8">
      <div className="rounded-md bg-emerald-800 p-6 text-center text-white">
        <h2 id="permohonan-terkirim" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
          Permohonan terkirim
        </h2>
        <p className="mt-3 text-lg">
          Nomor permohonan Anda
          <br />
          <strong className="text-2xl tracking-wide">{reference}</strong>
        </p>
      </div>
      <h3 className="mt-6 text-xl font-bold text-slate-900">Apa selanjutnya</h3>
      <ol className="mt-2 list-decimal space-y-2 pl-6 text-lg text-slate-900">
        <li>Petugas desa memeriksa permohonan Anda.</li>
        <li>
          Setiap perubahan status dikirim sebagai notifikasi. Jika ada data yang perlu dilengkapi,
          petugas menuliskan catatannya dan Anda dapat memperbaiki permohonan.
        </li>
        <li>
          Setelah surat terbit, unduh PDF-nya dari halaman permohonan. Surat dapat dicek keasliannya
          melalui kode QR — tidak perlu datang ke kantor desa untuk mengambilnya.
        </li>
      </ol>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button href={paths.serviceRequest(type.code, request.id)}>Lihat permohonan</Button>
        <Button href={paths.profile.letterHistory} variant="outlined">
          Riwayat Surat
        </Button>
      </div>
    </section>
  );
}
