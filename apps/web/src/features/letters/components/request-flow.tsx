import { SubjectApplicant, SubjectPicker } from './subject-picker.tsx';
import {
  readSubjectChoice,
  useSubjectChoice,
  writeSubjectChoice,
  type SubjectChoice,
} from '../subject-choice.ts';
import {
  formatFieldValue,
  letterSchema,
  missingApplicantFields,
  profileDefaults,
  type ApiUser,
  type FieldValues,
  type LetterType,
  type Requirement,
} from '@balai/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import {
  DefinitionForm,
  toRawValues,
  type RawValues,
} from '../../../components/form/definition-form.tsx';
import { ErrorSummary } from '../../../components/form/error-summary.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage, fieldErrors } from '../../../lib/http-client.ts';
import { paths } from '../../../lib/paths.ts';
import { ApplicantBlock, ApplicantRows } from './applicant-block.tsx';
import { clearDraft, readDraft, writeDraft } from '../draft.ts';
import { SummaryList } from './summary-list.tsx';
import {
  missingRequiredPhotos,
  requirementBlockId,
  RequirementUploads,
} from './requirement-uploads.tsx';
import type { ApiAttachment } from '@balai/domain/contract';
import { useLetterActions } from '../../../api/letters.ts';

/** The check-your-answers step of a new request (its own address, so Back and reload work). */
export const checkPath = (code: string) => `${paths.serviceType(code)}/periksa`;
/** The request's page with the confirmation on top: reloadable, it reads the request by id. */
export const sentPath = (code: string, id: number) =>
  `${paths.serviceRequest(code, id)}?${SENT_PARAM}=1`;
export const SENT_PARAM = 'terkirim';

/** What a failed send leaves for the form (a 422 whose messages belong on its fields). */
interface FormState {
  serverError?: unknown;
}

/** Where the form opens: the draft if there is one, else the starting values (No. HP…). */
function startingValues(type: LetterType, profile: ApiUser): RawValues {
  const defaults = toRawValues(type.fields, profileDefaults(type.fields, profile));
  const draft = readDraft(profile.id, type.code);
  if (!draft) return defaults;
  return Object.fromEntries(
    type.fields.map((f) => [f.name, draft.raw[f.name] ?? defaults[f.name] ?? '']),
  );
}

/**
 * Step 1 of a new request (GOV.UK), at /service/{type}: the form, filled in from the draft kept
 * in localStorage (draft.ts) so that Back from the check, a reload or a lost connection never
 * empties it. Every change is kept; "Lanjutkan" checks it and goes to /service/{type}/periksa.
 * "#field" in the address puts focus on that field (the check's "Ubah" links).
 */
export function RequestForm({ type, profile }: { type: LetterType; profile: ApiUser }) {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as FormState;
  const focusField = location.hash ? decodeURIComponent(location.hash.slice(1)) : undefined;
  const [raw] = useState(() => startingValues(type, profile));
  const complete = missingApplicantFields(profile).length === 0;
  const [subject, setSubject] = useSubjectChoice(profile.id, type.code);

  return (
    <section aria-labelledby="ajukan-surat" className="mt-8">
      <h2 id="ajukan-surat" className="text-2xl font-bold text-slate-900">
        Ajukan surat
      </h2>
      <SubjectPicker value={subject} onChange={setSubject} />
      {subject ? <SubjectApplicant choice={subject} /> : <ApplicantBlock profile={profile} />}
      {(complete || subject) && (
        <div className="mt-8">
          <h3 className="mb-4 text-xl font-bold text-slate-900">Isian surat</h3>
          <p className="mb-6 text-slate-700">
            Isian Anda disimpan di perangkat ini sampai permohonan dikirim atau Anda keluar.
          </p>
          <DefinitionForm
            // A new form when the address asks for another field (an "Ubah" link).
            key={location.key}
            fields={type.fields}
            schema={letterSchema(type)}
            defaultValues={raw}
            serverError={state.serverError}
            focusField={focusField}
            submitLabel="Lanjutkan"
            onValuesChange={(typed) => writeDraft(profile.id, type.code, typed)}
            onSubmit={(_values, typed) => {
              writeDraft(profile.id, type.code, typed);
              void navigate(checkPath(type.code));
            }}
          />
        </div>
      )}
    </section>
  );
}

/**
 * Step 2, at /service/{type}/periksa: the answers from the draft, checked again with the type's
 * schema (a draft that no longer passes goes back to the form). "Kirim permohonan" sends it with
 * the draft's idempotency key, forgets the draft and replaces this address with the request's
 * page and its confirmation, so Back from there leads to an empty form, not to a second send.
 */
export function RequestCheck({ type, profile }: { type: LetterType; profile: ApiUser }) {
  const navigate = useNavigate();
  const actions = useLetterActions();
  const [draft] = useState(() => readDraft(profile.id, type.code));
  const [subject] = useState(() => readSubjectChoice(profile.id, type.code));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>();
  // The photos of the requirements, stored on the server as they are chosen (ADR 0015); null
  // until their list has loaded.
  const [attachments, setAttachments] = useState<ApiAttachment[] | null>(null);
  const [uploading, setUploading] = useState(false);
  // How often "Kirim permohonan" was pressed with a required photo missing (the summary
  // takes focus each time).
  const [refused, setRefused] = useState(0);
  const parsed = draft ? letterSchema(type).safeParse(draft.raw) : null;

  if (!draft || !parsed?.success) return <Navigate to={paths.serviceType(type.code)} replace />;
  const values = parsed.data;
  const missing = attachments ? missingRequiredPhotos(type, attachments) : [];

  async function send() {
    if (!draft) return;
    if (missing.length > 0) {
      setRefused((n) => n + 1);
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      const request = await actions.create(
        type,
        subject ? { ...values, subject_person_id: subject.person_id } : values,
        draft.idempotencyKey,
        (attachments ?? []).map((a) => a.id),
      );
      clearDraft(profile.id, type.code);
      writeSubjectChoice(profile.id, type.code, null);
      void navigate(sentPath(type.code, request.id), { replace: true });
    } catch (failure) {
      setSending(false);
      const onFields = Object.keys(fieldErrors(failure) ?? {}).some((name) =>
        type.fields.some((f) => f.name === name),
      );
      if (onFields) {
        void navigate(paths.serviceType(type.code), {
          state: { serverError: failure } satisfies FormState,
        });
      } else {
        setError(failure);
      }
    }
  }

  return (
    <CheckAnswers
      type={type}
      profile={profile}
      values={values}
      subject={subject}
      error={error}
      sending={sending}
      onSend={() => void send()}
      uploading={uploading}
      missing={missing}
      refused={refused}
      uploads={
        <RequirementUploads
          type={type}
          scope={{ kind: 'staged', base: type.base }}
          editable
          headingLevel={3}
          onChange={setAttachments}
          onUploadingChange={setUploading}
        />
      }
    />
  );
}

interface CheckAnswersProps {
  type: LetterType;
  profile: ApiUser;
  values: FieldValues;
  /** A family member the letter is for (issue 21); null: the resident themselves. */
  subject?: SubjectChoice | null;
  /** Why the last send failed (not a field's fault: those go back to the form). */
  error?: unknown;
  sending: boolean;
  onSend: () => void;
  /** The checklist of the requirements, with their photos (requirement-uploads.tsx). */
  uploads?: ReactNode;
  /** A photo is still being sent: sending the request waits for it. */
  uploading?: boolean;
  /** The required photos not attached yet: named before sending, and in the error summary. */
  missing?: readonly Requirement[];
  /** How often sending was refused for them (the summary shows from the first, focused). */
  refused?: number;
}

const MISSING_HINT_ID = 'kirim-belum-lengkap';

/** "Fotokopi KTP", "Fotokopi KTP dan Surat Bidan", "A, B dan C". */
function listText(labels: readonly string[]): string {
  return labels.length < 2
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} dan ${labels[labels.length - 1]}`;
}

/** GOV.UK "check your answers": everything that will be printed, each answer changeable. */
function CheckAnswers({
  type,
  profile,
  values,
  subject = null,
  error,
  sending,
  onSend,
  uploads,
  uploading = false,
  missing = [],
  refused = 0,
}: CheckAnswersProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const missingText = listText(missing.map((r) => r.label));
  return (
    <section aria-labelledby="periksa-jawaban" className="mt-8">
      {refused > 0 && missing.length > 0 && (
        <ErrorSummary
          focusKey={refused}
          description="Permohonan belum dikirim: foto dokumen yang wajib belum dilampirkan."
          items={missing.map((r) => ({
            fieldId: requirementBlockId(r.key),
            message: `Lampirkan foto ${r.label}`,
          }))}
        />
      )}
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
        {subject ? <SubjectApplicant choice={subject} /> : <ApplicantRows applicant={profile} />}
      </div>
      <h3 className="mt-6 text-xl font-bold text-slate-900">Isian surat</h3>
      <div className="mt-3">
        <SummaryList
          rows={type.fields.map((f) => ({
            key: f.name,
            label: f.label,
            value: formatFieldValue(f, values[f.name]),
            action: (
              <Link
                to={{ pathname: paths.serviceType(type.code), hash: f.name }}
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                Ubah<span className="sr-only"> {f.label}</span>
              </Link>
            ),
          }))}
        />
      </div>
      {uploads}
      <p className="mt-6 text-slate-900">
        Dengan mengirim permohonan ini, Anda menyatakan data di atas benar.
      </p>
      {uploading && (
        <p role="status" className="mt-2 text-slate-700">
          Tunggu sampai foto selesai diunggah.
        </p>
      )}
      {missing.length > 0 && (
        <p id={MISSING_HINT_ID} className="mt-2 font-semibold text-amber-900">
          Belum dapat dikirim: lampirkan dulu foto {missingText}.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          onClick={onSend}
          loading={sending}
          disabled={uploading}
          aria-describedby={missing.length > 0 ? MISSING_HINT_ID : undefined}
        >
          Kirim permohonan
        </Button>
        <Button variant="outlined" href={paths.serviceType(type.code)}>
          Kembali ke formulir
        </Button>
      </div>
    </section>
  );
}
