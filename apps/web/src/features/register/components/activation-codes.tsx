import { formatDateTimeId } from '@balai/domain';
import type {
  ActivationCodeItem,
  ActivationCodeList,
  ActivationCodeRevoked,
  ActivationCodeSent,
} from '@balai/domain/contract';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { saveBlob } from '../../../api/download.ts';
import { Button } from '../../../components/ui/button.tsx';
import { api, errorMessage } from '../../../lib/http-client.ts';

/**
 * The office's activation codes (issue 21.2, ADR 0029): a button that makes codes and downloads
 * their slips (a person, a family or an area), and a person's codes by state. The code is only
 * ever in the PDF; the list shows the state.
 */

const STATE_LABEL: Record<ActivationCodeItem['state'], string> = {
  open: 'Berlaku',
  used: 'Sudah dipakai',
  expired: 'Kedaluwarsa',
  revoked: 'Dicabut',
};
const SCOPE_LABEL: Record<ActivationCodeItem['scope'], string> = {
  person: 'perorangan',
  family: 'bersama keluarga',
  area: 'bersama wilayah',
};

/** POSTs to an activation-code path (relative to /api) and saves the slips' PDF. */
export function SlipButton({
  path,
  label,
  fallbackName,
  confirmText,
  onDone,
  variant = 'outlined',
}: {
  path: string;
  label: ReactNode;
  fallbackName: string;
  confirmText: string;
  onDone?: () => void;
  variant?: 'filled' | 'outlined';
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    if (!window.confirm(confirmText)) return;
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const { blob, fileName } = await api.download(path, 'POST');
      const name = fileName ?? fallbackName;
      saveBlob(blob, name);
      setMessage(`${name} diunduh. Cetak sekarang: kodenya tidak dapat ditampilkan lagi.`);
      onDone?.();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <Button size="sm" variant={variant} loading={busy} onClick={() => void run()}>
        {label}
      </Button>
      <p aria-live="polite" className="text-sm text-slate-700">
        {busy ? 'Menyiapkan slip…' : (message ?? '')}
      </p>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Sends a new code to the person's WhatsApp (issue 22.4): the number is checked by the server,
 * the code goes only to that number; the answer shows where it went, masked.
 */
function WhatsappCodeForm({ path, onDone }: { path: string; onDone: () => void }) {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (
      !window.confirm(
        'Kirim kode aktivasi baru ke nomor ini? Kode lama yang masih berlaku akan dicabut.',
      )
    )
      return;
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const r = await api.post<ActivationCodeSent>(path, { phone });
      setMessage(`Kode dikirim lewat WhatsApp ke ${r.data.sent_to}.`);
      setPhone('');
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="mb-4 flex flex-col gap-1" noValidate>
      <label htmlFor={`${id}-wa`} className="font-semibold text-slate-900">
        Nomor WhatsApp warga
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-wa`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="081234567890"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-wa-error` : undefined}
          className="h-11 w-full max-w-xs rounded-md border-2 border-slate-700 px-3 text-base"
        />
        <Button size="sm" variant="outlined" type="submit" loading={busy}>
          Kirim lewat WhatsApp
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-slate-700">
        {message ?? ''}
      </p>
      {error && (
        <p id={`${id}-wa-error`} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}

/** A person's activation codes: make one (printing its slip), revoke, and the history. */
export function ActivationCodesPanel({ personId, living }: { personId: number; living: boolean }) {
  const base = `/register/persons/${personId}/activation-codes`;
  const [codes, setCodes] = useState<ActivationCodeItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .get<ActivationCodeList>(base)
      .then((r) => setCodes(r.data))
      .catch((e: unknown) => setError(errorMessage(e)));
  }, [base]);
  useEffect(load, [load]);

  async function revoke(path: string) {
    setError(null);
    try {
      const r = await api.post<ActivationCodeRevoked>(path);
      setNote(`${r.data.revoked} kode dicabut.`);
      load();
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  const open = codes?.some((c) => c.state === 'open') ?? false;

  return (
    <section
      aria-labelledby="kode-aktivasi"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="kode-aktivasi" className="mb-2 text-xl font-bold text-slate-900">
        Kode aktivasi akun
      </h2>
      <p className="mb-3 text-slate-700">
        Untuk warga yang KTP-nya sudah diperiksa petugas: kode sekali pakai, berlaku 30 hari,
        membuka akun yang langsung terverifikasi (atau mengganti kata sandi akun yang sudah ada).
        Kode baru mencabut kode lama.
      </p>
      {living && (
        <div className="mb-4 flex flex-wrap gap-3">
          <SlipButton
            path={base}
            label="Buat kode & unduh slip"
            fallbackName="slip-kode-aktivasi.pdf"
            confirmText="Buat kode aktivasi baru? Kode lama yang masih berlaku akan dicabut."
            onDone={load}
            variant="filled"
          />
          {open && (
            <div>
              <Button size="sm" variant="outlined" onClick={() => void revoke(`${base}/revoke`)}>
                Cabut semua kode
              </Button>
            </div>
          )}
        </div>
      )}
      {living && <WhatsappCodeForm path={`${base}/whatsapp`} onDone={load} />}
      <p aria-live="polite" className="text-sm text-slate-700">
        {note ?? ''}
      </p>
      {error && (
        <p role="alert" className="mb-2 font-semibold text-red-800">
          {error}
        </p>
      )}
      {codes && codes.length === 0 && <p className="text-slate-700">Belum pernah dibuat.</p>}
      {codes && codes.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {codes.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <strong>{STATE_LABEL[c.state]}</strong> · dibuat {formatDateTimeId(c.created_at)}
                {c.created_by && <> oleh {c.created_by}</>} ({SCOPE_LABEL[c.scope]})
                {c.state === 'open' && <> · berlaku sampai {formatDateTimeId(c.expires_at)}</>}
                {c.used_at && <> · dipakai {formatDateTimeId(c.used_at)}</>}
                {c.revoked_at && (
                  <>
                    {' '}
                    · dicabut {formatDateTimeId(c.revoked_at)}
                    {c.revoked_by && <> oleh {c.revoked_by}</>}
                  </>
                )}
              </span>
              {c.state === 'open' && (
                <Button
                  size="sm"
                  variant="outlined"
                  onClick={() => void revoke(`/register/activation-codes/${c.id}/revoke`)}
                >
                  Cabut
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
