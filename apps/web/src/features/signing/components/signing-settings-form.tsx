import { signingSettingsUpdateSchema, type Position } from '@balai/domain';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/form/error-summary.tsx';
import { Select } from '../../../components/form/select.tsx';
import { TextInput } from '../../../components/form/text-input.tsx';
import {
  ConfirmHeadDialog,
  type HeadConfirmation,
} from '../../../components/admin/confirm-head-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage, fieldErrors } from '../../../lib/http-client.ts';
import type { SigningSettings } from '@balai/domain/contract';
import type { AdminAccount, SigningSettingsBody } from '../../../api/signing.ts';

interface Values {
  head_user_id: string;
  secretary_user_id: string;
  head_away_from: string;
  head_away_until: string;
  approval: Record<string, boolean>;
}

const FIELD_ORDER = [
  'head_user_id',
  'secretary_user_id',
  'head_away_from',
  'head_away_until',
  'approval',
];

const toValues = (s: SigningSettings): Values => ({
  head_user_id: s.head_user_id === null ? '' : String(s.head_user_id),
  secretary_user_id: s.secretary_user_id === null ? '' : String(s.secretary_user_id),
  head_away_from: s.head_away_from ?? '',
  head_away_until: s.head_away_until ?? '',
  approval: Object.fromEntries(s.approval_types.map((t) => [t.code, t.required])),
});

/** The accounts of one position to choose from, the current one kept even if it changed since. */
function choices(
  accounts: readonly AdminAccount[] | undefined,
  position: Position,
  current: { id: number; name: string } | null,
) {
  const list = (accounts ?? []).filter((a) => a.position === position);
  if (current && !list.some((a) => a.id === current.id)) {
    list.unshift({ id: current.id, name: current.name, email: '', active: true, position });
  }
  return list.map((a) => ({
    value: String(a.id),
    label: a.email ? `${a.name} (${a.email})` : a.name,
  }));
}

/**
 * The village's signing settings (docs/signing.md, "Settings"): the Kepala Desa and Sekretaris
 * Desa accounts (active administrators of that position), the Kepala Desa's away dates, and per
 * letter type whether the Kepala Desa must approve. Checked with the schema the server uses; a
 * 422 lands on its field.
 */
export function SigningSettingsForm({
  settings,
  accounts,
  access,
  hasPin,
  onSave,
}: {
  settings: SigningSettings;
  accounts: readonly AdminAccount[] | undefined;
  /** The policy's answer for the viewer (see `signingSettingsAccess`). */
  access: SigningAccess;
  /** The viewer has a signing PIN (asked first in the confirmation). */
  hasPin: boolean;
  onSave: (body: SigningSettingsBody, confirmation?: HeadConfirmation) => Promise<unknown>;
}) {
  const [values, setValues] = useState<Values>(() => toValues(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<SigningSettingsBody | null>(null);
  const readOnly = access === 'deny';
  // Until a Kepala Desa is named, the away dates wait for them.
  const datesLocked = readOnly || access === 'allow';

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      head_user_id: values.head_user_id === '' ? null : Number(values.head_user_id),
      secretary_user_id: values.secretary_user_id === '' ? null : Number(values.secretary_user_id),
      head_away_from: values.head_away_from || null,
      head_away_until: values.head_away_until || null,
      approval: values.approval,
    };
    setAttempt((n) => n + 1);
    const checked = signingSettingsUpdateSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? 'approval');
        found[key] ??= issue.message;
      }
      setErrors(found);
      setSummary(null);
      return;
    }
    if (access === 'confirm') {
      setConfirming(body);
      return;
    }
    setBusy(true);
    try {
      await send(body);
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  }

  async function send(body: SigningSettingsBody, confirmation?: HeadConfirmation) {
    const saved = (await onSave(body, confirmation)) as { data?: SigningSettings } | undefined;
    setErrors({});
    setSummary(null);
    if (saved?.data) setValues(toValues(saved.data));
  }

  function showFailure(e: unknown) {
    const byField = fieldErrors(e);
    const found: Record<string, string> = {};
    for (const [key, list] of Object.entries(byField ?? {})) {
      if (list[0]) found[key] = list[0];
    }
    setErrors(found);
    const message = errorMessage(e);
    setSummary(Object.values(found).includes(message) ? null : message);
  }

  /** The Kepala Desa's confirmation: a wrong one stays in the dialog, a form field's 422 comes back here. */
  async function confirmSave(confirmation: HeadConfirmation) {
    if (!confirming) return;
    try {
      await send(confirming, confirmation);
      setConfirming(null);
    } catch (e) {
      const keys = Object.keys(fieldErrors(e) ?? {});
      if (keys.length === 0 || keys.some((k) => k.startsWith('confirmation.'))) throw e;
      setConfirming(null);
      showFailure(e);
    }
  }

  const items: ErrorSummaryItem[] = FIELD_ORDER.filter((k) => errors[k]).map((k) => ({
    fieldId: k === 'approval' ? `approval-${settings.approval_types[0]?.code ?? ''}` : k,
    message: errors[k]!,
  }));

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="ttd-desa">
      <ErrorSummary items={items} description={summary} focusKey={attempt} />
      <h2 id="ttd-desa" className="mb-4 text-2xl font-bold text-slate-900">
        Penanda tangan desa
      </h2>
      <AccessNote access={access} />
      <ConfirmHeadDialog
        open={confirming !== null}
        title="Simpan pengaturan tanda tangan?"
        description="Perubahan ini menentukan siapa yang menyetujui surat desa. Masukkan kata sandi atau PIN Anda untuk menyimpannya."
        hasPin={hasPin}
        onConfirm={confirmSave}
        onClose={() => setConfirming(null)}
      />
      <fieldset className="mb-6" disabled={readOnly}>
        <legend className="mb-3 text-lg font-semibold text-slate-900">Akun penanda tangan</legend>
        <Select
          name="head_user_id"
          label="Kepala Desa"
          hint="Administrator aktif dengan jabatan Kepala Desa (atur jabatan di Manajemen → Pengguna). Tanpa Kepala Desa, surat terbit tanpa persetujuan."
          placeholder="Belum ditetapkan"
          options={choices(accounts, 'kepala_desa', settings.head)}
          value={values.head_user_id}
          error={errors.head_user_id}
          onChange={(e) => set('head_user_id', e.target.value)}
        />
        <Select
          name="secretary_user_id"
          label="Sekretaris Desa"
          hint="Menandatangani a.n. Kepala Desa selama Kepala Desa berhalangan."
          placeholder="Belum ditetapkan"
          options={choices(accounts, 'sekretaris_desa', settings.secretary)}
          value={values.secretary_user_id}
          error={errors.secretary_user_id}
          onChange={(e) => set('secretary_user_id', e.target.value)}
        />
      </fieldset>

      <fieldset className="mb-6" disabled={datesLocked}>
        <legend className="mb-1 text-lg font-semibold text-slate-900">
          Kepala Desa berhalangan
        </legend>
        <p className="mb-3 text-slate-700">
          Pada tanggal ini (termasuk keduanya) Sekretaris Desa menandatangani a.n. Kepala Desa.
          Kosongkan keduanya bila tidak ada.
          {access === 'allow' && (
            <span className="mt-1 block">
              Masa berhalangan diatur oleh Kepala Desa sendiri setelah akunnya ditetapkan.
            </span>
          )}
          {settings.delegation_active && (
            <strong className="mt-1 block text-violet-900">Saat ini sedang berlaku.</strong>
          )}
        </p>
        <div className="flex flex-col gap-x-4 sm:flex-row">
          <TextInput
            name="head_away_from"
            label="Tanggal mulai berhalangan"
            type="date"
            optional
            width="20"
            value={values.head_away_from}
            error={errors.head_away_from}
            onChange={(e) => set('head_away_from', e.target.value)}
          />
          <TextInput
            name="head_away_until"
            label="Tanggal selesai berhalangan"
            type="date"
            optional
            width="20"
            value={values.head_away_until}
            error={errors.head_away_until}
            onChange={(e) => set('head_away_until', e.target.value)}
          />
        </div>
      </fieldset>

      <fieldset className="mb-6" aria-describedby="approval-hint" disabled={readOnly}>
        <legend className="mb-1 text-lg font-semibold text-slate-900">
          Perlu persetujuan Kepala Desa
        </legend>
        <p id="approval-hint" className="mb-3 text-slate-700">
          Surat jenis yang dicentang diajukan petugas untuk ditandatangani Kepala Desa. Yang tidak
          dicentang langsung diterbitkan petugas.
        </p>
        {errors.approval && (
          <p className="mb-2 font-semibold text-red-800">
            <span className="sr-only">Kesalahan: </span>
            {errors.approval}
          </p>
        )}
        <ul className="grid gap-1 sm:grid-cols-2">
          {settings.approval_types.map((t) => (
            <li key={t.code} className="flex min-h-11 items-center gap-3">
              <input
                id={`approval-${t.code}`}
                type="checkbox"
                checked={values.approval[t.code] ?? true}
                onChange={(e) =>
                  set('approval', { ...values.approval, [t.code]: e.target.checked })
                }
                className="size-6 shrink-0 accent-brand-800"
              />
              <label htmlFor={`approval-${t.code}`} className="text-slate-900">
                {t.title}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {!readOnly && (
        <Button type="submit" loading={busy}>
          Simpan pengaturan tanda tangan
        </Button>
      )}
    </form>
  );
}

export type SigningAccess = 'allow' | 'confirm' | 'deny';

/** Who may change these settings, said above them (docs/signing.md, issue 18). */
function AccessNote({ access }: { access: SigningAccess }) {
  const text =
    access === 'deny'
      ? 'Hanya Kepala Desa yang dapat mengubah pengaturan ini, dengan kata sandi atau PIN-nya. Anda dapat melihatnya saja.'
      : access === 'confirm'
        ? 'Anda Kepala Desa: setiap perubahan disimpan setelah Anda memasukkan kata sandi atau PIN, dan dicatat.'
        : 'Kepala Desa belum ditetapkan. Kepala Desa yang Anda tetapkan diberi tahu lewat notifikasi dan e-mail; setelah itu hanya Kepala Desa yang dapat mengubah pengaturan ini.';
  return (
    <p
      className={`mb-6 border-l-4 p-3 ${access === 'deny' ? 'border-slate-500 bg-slate-100 text-slate-900' : 'border-violet-700 bg-violet-50 text-violet-950'}`}
    >
      {text}
    </p>
  );
}
