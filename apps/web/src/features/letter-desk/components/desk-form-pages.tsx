import type { RegisterPerson } from '@balai/domain/contract';
import { RegisterPersonPicker } from './register-person-picker.tsx';
import {
  ADMIN_ROLE,
  RESIDENT_ROLE,
  APPLICANT_FIELDS,
  applicantSchema,
  canEditLetter,
  letterSchema,
  requestReference,
  type ApiUser,
  type FieldValues,
  type LetterType,
} from '@balai/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import {
  DefinitionForm,
  toRawValues,
  type RawValues,
} from '../../../components/form/definition-form.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { api, errorMessage } from '../../../lib/http-client.ts';
import useSWR from 'swr';
import type { z } from 'zod';
import type { LetterRequestDetail } from '@balai/domain/contract';
import { useDeskActions, useDeskRequest } from '../../../api/letter-desk.ts';
import { letterCollection, letterItem } from '../../../api/letters.ts';
import { usersApi } from '../../../api/users.ts';

const group = (type: LetterType) => `service-${type.code}`;

/** Finds a registered resident by name or NIK (the users list's search). */
function ResidentPicker({
  chosen,
  onChoose,
}: {
  chosen: ApiUser | null;
  onChoose: (user: ApiUser | null) => void;
}) {
  const [search, setSearch] = useState('');
  const { data, isLoading } = useSWR<{ data: ApiUser[] }>(
    search
      ? ([usersApi.list, { search, role: RESIDENT_ROLE, active: 'true', per_page: 8 }] as const)
      : null,
  );
  const users = data?.data;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get('resident') ?? '').trim());
  };
  if (chosen) {
    return (
      <div className="rounded-md border-l-4 border-brand-800 bg-brand-50 p-4">
        <p className="font-semibold text-slate-900">
          Pemohon: {chosen.name} (NIK berakhiran {chosen.nik?.slice(-4) ?? '—'})
        </p>
        <p className="text-slate-700">
          Data pemohon diambil dari profilnya saat permohonan dibuat; ia diberi tahu.
        </p>
        <Button variant="outlined" className="mt-3" onClick={() => onChoose(null)}>
          Ganti pemohon
        </Button>
      </div>
    );
  }
  return (
    <form role="search" onSubmit={onSubmit} className="space-y-3">
      <div>
        <label htmlFor="resident" className="mb-1 block font-semibold text-slate-900">
          Cari warga
        </label>
        <p id="resident-hint" className="mb-1 text-sm text-slate-700">
          Nama atau NIK warga yang terdaftar
        </p>
        <div className="flex flex-wrap gap-2">
          <input
            id="resident"
            name="resident"
            type="search"
            aria-describedby="resident-hint"
            className="h-11 min-w-0 flex-1 basis-60 rounded-md border-2 border-slate-700 px-3 text-base"
          />
          <Button type="submit" variant="outlined">
            Cari
          </Button>
        </div>
      </div>
      {search && isLoading && <LoadingBlock label="Mencari warga…" />}
      {search && users && (
        <div aria-live="polite">
          {users.length === 0 ? (
            <p className="text-slate-800">Tidak ada warga yang cocok dengan “{search}”.</p>
          ) : (
            <ul className="divide-y divide-slate-200 border-y border-slate-200">
              {users.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-semibold text-slate-900">{u.name}</span>{' '}
                    <span className="text-slate-700">NIK berakhiran {u.nik?.slice(-4) ?? '—'}</span>
                  </span>
                  <Button size="sm" variant="outlined" onClick={() => onChoose(u)}>
                    Pilih<span className="sr-only"> {u.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

type ApplicantMode = 'registered' | 'register' | 'walk-in';

/** Whom the request is for: a registered resident, or a person without an account. */
function ApplicantModeChoice({
  mode,
  onChange,
}: {
  mode: ApplicantMode;
  onChange: (mode: ApplicantMode) => void;
}) {
  const options: { value: ApplicantMode; label: string; hint: string }[] = [
    {
      value: 'registered',
      label: 'Warga yang terdaftar',
      hint: 'Cari dengan nama atau NIK; datanya diambil dari profilnya.',
    },
    {
      value: 'register',
      label: 'Penduduk di buku induk',
      hint: 'Cari dengan nama atau NIK; datanya diambil dari buku induk desa.',
    },
    {
      value: 'walk-in',
      label: 'Orang tanpa akun',
      hint: 'Ketik data pemohon dari KTP dan KK yang dibawanya.',
    },
  ];
  return (
    <fieldset className="mb-5">
      <legend className="mb-2 font-semibold text-slate-900">Siapa pemohonnya?</legend>
      <div className="space-y-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border-2 border-slate-300 p-3 has-[:checked]:border-brand-800 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="applicant-mode"
              value={o.value}
              checked={mode === o.value}
              onChange={() => onChange(o.value)}
              className="mt-1 size-5 accent-brand-800"
            />
            <span>
              <span className="block font-semibold text-slate-900">{o.label}</span>
              <span className="block text-slate-700">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The applicant block typed at the desk, shown once it is filled in. */
function TypedApplicant({ values, onChange }: { values: FieldValues; onChange: () => void }) {
  const nik = typeof values.nik === 'string' ? values.nik : '';
  return (
    <div className="rounded-md border-l-4 border-brand-800 bg-brand-50 p-4">
      <p className="font-semibold text-slate-900">
        Pemohon: {String(values.name ?? '')} (NIK berakhiran {nik.slice(-4) || '—'})
      </p>
      <p className="text-slate-700">
        Tanpa akun: data pemohon disimpan bersama permohonan ini saja. Cocokkan dengan KTP dan KK
        aslinya.
      </p>
      <Button variant="outlined" className="mt-3" onClick={onChange}>
        Ubah data pemohon
      </Button>
    </div>
  );
}

/**
 * `/admin/service-{type}/create`: a request filed at the desk, for a registered resident (found
 * by name or NIK; they see it in their history and are notified) or for a person without an
 * account (the applicant block typed from their papers), then the type's fields.
 */
export function DeskCreatePage({ type }: { type: LetterType }) {
  const [mode, setMode] = useState<ApplicantMode>('registered');
  const [resident, setResident] = useState<ApiUser | null>(null);
  const [person, setPerson] = useState<RegisterPerson | null>(null);
  /** The typed applicant: the checked values once "Lanjut" was pressed, and what was typed. */
  const [typed, setTyped] = useState<{ values: FieldValues | null; raw: RawValues }>({
    values: null,
    raw: toRawValues(APPLICANT_FIELDS, { nationality: 'WNI' }),
  });
  const [serverError, setServerError] = useState<unknown>(null);
  const key = useRef(crypto.randomUUID());
  const actions = useDeskActions(type);
  const navigate = useNavigate();
  const toast = useToast();
  const applicantReady =
    mode === 'register'
      ? person !== null
      : mode === 'registered'
        ? resident !== null
        : typed.values !== null;

  async function submit(values: FieldValues) {
    const applicant = mode === 'walk-in' ? typed.values : null;
    if (mode === 'register' ? !person : mode === 'registered' ? !resident : !applicant) return;
    setServerError(null);
    try {
      const { data } = await api.post<{ data: LetterRequestDetail }>(
        letterCollection(type.base),
        mode === 'registered'
          ? { ...values, applicant_id: resident!.id }
          : mode === 'register'
            ? { ...values, subject_person_id: person!.id }
            : { ...values, applicant },
        { headers: { 'Idempotency-Key': key.current } },
      );
      await actions.refresh(data.id, data);
      toast.success(`Permohonan ${requestReference(type.code, data.id)} dibuat.`);
      void navigate(adminPaths.detail(group(type), data.id));
    } catch (e) {
      setServerError(e);
      toast.error(errorMessage(e), { title: 'Permohonan belum dibuat' });
    }
  }

  return (
    <AdminPage
      title={`Buat Permohonan ${type.title}`}
      breadcrumbs={[
        { label: 'Layanan', to: adminPaths.desks },
        { label: type.title, to: adminPaths.list(group(type)) },
        { label: 'Buat' },
      ]}
      lead="Mengajukan surat atas nama orang yang datang ke kantor desa."
    >
      <div className="max-w-2xl">
        <h2 className="mb-3 text-xl font-bold text-slate-900">1. Pemohon</h2>
        {!applicantReady && <ApplicantModeChoice mode={mode} onChange={setMode} />}
        {mode === 'register' ? (
          <RegisterPersonPicker chosen={person} onChoose={setPerson} />
        ) : mode === 'registered' ? (
          <ResidentPicker chosen={resident} onChoose={setResident} />
        ) : typed.values ? (
          <TypedApplicant
            values={typed.values}
            onChange={() => setTyped((t) => ({ ...t, values: null }))}
          />
        ) : (
          <DefinitionForm
            fields={APPLICANT_FIELDS}
            // The server's own check of a typed applicant; its output is a FieldValues record.
            schema={applicantSchema as unknown as z.ZodType<FieldValues>}
            defaultValues={typed.raw}
            submitLabel="Lanjut ke isian surat"
            onSubmit={(values, raw) => setTyped({ values, raw })}
          />
        )}
        {applicantReady && (
          <>
            <h2 className="mt-8 mb-3 text-xl font-bold text-slate-900">2. Isian surat</h2>
            <DefinitionForm
              fields={type.fields}
              schema={letterSchema(type)}
              defaultValues={toRawValues(type.fields, { phone: resident?.phone ?? '' })}
              submitLabel="Ajukan permohonan"
              serverError={serverError}
              onSubmit={submit}
            />
          </>
        )}
      </div>
    </AdminPage>
  );
}

/** `/admin/service-{type}/{id}/edit`: the type's fields while the request is not final. */
export function DeskEditPage({ type, id }: { type: LetterType; id: number }) {
  const { request, error, isLoading, mutate } = useDeskRequest(type, id);
  const [serverError, setServerError] = useState<unknown>(null);
  const actions = useDeskActions(type);
  const navigate = useNavigate();
  const toast = useToast();
  const reference = requestReference(type.code, id);
  const crumbs = [
    { label: 'Layanan', to: adminPaths.desks },
    { label: type.title, to: adminPaths.list(group(type)) },
    { label: reference, to: adminPaths.detail(group(type), id) },
    { label: 'Ubah' },
  ];

  async function submit(values: FieldValues) {
    setServerError(null);
    try {
      const { data } = await api.put<{ data: LetterRequestDetail }>(
        letterItem(type.base, id),
        values,
      );
      await actions.refresh(id, data);
      toast.success(`Isian permohonan ${reference} disimpan.`);
      void navigate(adminPaths.detail(group(type), id));
    } catch (e) {
      setServerError(e);
    }
  }

  return (
    <AdminPage title={`Ubah Permohonan ${reference}`} breadcrumbs={crumbs} lead={type.pdfTitle}>
      {error !== undefined && !request && (
        <ErrorBlock error={error} onRetry={() => void mutate()} />
      )}
      {isLoading && !request && <LoadingBlock />}
      {request &&
        (canEditLetter(request.status, ADMIN_ROLE) ? (
          <div className="max-w-2xl">
            <DefinitionForm
              fields={type.fields}
              schema={letterSchema(type)}
              defaultValues={toRawValues(type.fields, {
                ...request.fields,
                purpose: request.purpose,
                phone: request.phone,
              })}
              submitLabel="Simpan"
              serverError={serverError}
              onSubmit={submit}
              secondary={
                <Button variant="outlined" href={adminPaths.detail(group(type), id)}>
                  Batal
                </Button>
              }
            />
          </div>
        ) : (
          <>
            <p className="text-lg text-slate-800">
              Permohonan berstatus “{request.status_label}” tidak dapat diubah lagi.
            </p>
            <Button href={adminPaths.detail(group(type), id)} className="mt-4">
              Kembali ke permohonan
            </Button>
          </>
        ))}
    </AdminPage>
  );
}
