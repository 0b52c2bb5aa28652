import { formatDateId, pinProblem } from '@balai/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ConfirmHeadDialog,
  type HeadConfirmation,
} from '../../../components/admin/confirm-head-dialog.tsx';
import { TextInput } from '../../../components/form/text-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { httpStatus } from '../../../lib/http-client.ts';
import { fieldFailure, signingFailure } from './signing-errors.ts';
import type { SigningMe } from '@balai/domain/contract';
import { signingSettingsApi } from '../../../api/signing.ts';

function Box({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="mb-6 rounded-lg border border-slate-300 bg-white p-4 sm:p-5"
    >
      <h3 id={id} className="mb-2 text-xl font-bold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Failure({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p
      role="alert"
      className="mb-3 border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-900"
    >
      {text}
    </p>
  );
}

/** Set, replace or remove the signing PIN; each needs the account's password. */
function PinBox({ me, onChanged }: { me: SigningMe; onChanged: () => void }) {
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ password?: string; pin?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'set' | 'remove' | null>(null);

  async function run(kind: 'set' | 'remove') {
    setFailure(null);
    const found: { password?: string; pin?: string } = {};
    if (!password) found.password = 'Kata sandi wajib diisi.';
    if (kind === 'set') {
      const problem = pinProblem(pin.trim());
      if (problem) found.pin = problem;
    }
    setErrors(found);
    if (found.password || found.pin) return;
    setBusy(kind);
    try {
      const answer =
        kind === 'set'
          ? await signingSettingsApi.setPin(password, pin.trim())
          : await signingSettingsApi.removePin(password);
      toast.success(answer.message);
      setPassword('');
      setPin('');
      onChanged();
    } catch (e) {
      const onPassword = fieldFailure(e, 'password');
      const onPin = fieldFailure(e, 'pin');
      if (httpStatus(e) === 422 && (onPassword || onPin)) {
        setErrors({ password: onPassword ?? undefined, pin: onPin ?? undefined });
      } else setFailure(signingFailure(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box id="pin-ttd" title="PIN tanda tangan">
      <p className="mb-3 text-slate-800">
        {me.has_pin
          ? 'PIN Anda aktif: saat menyetujui surat, Anda cukup mengetik 6 digit PIN.'
          : 'Belum ada PIN: saat menyetujui surat, Anda mengetik kata sandi. PIN 6 digit lebih cepat di ponsel.'}
      </p>
      <Failure text={failure} />
      <form
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void run('set');
        }}
      >
        <TextInput
          name="pin-password"
          label="Kata sandi Anda"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextInput
          name="new-pin"
          label={me.has_pin ? 'PIN baru' : 'PIN'}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          width="10"
          hint="6 digit angka; jangan angka yang sama atau berurutan."
          value={pin}
          error={errors.pin}
          onChange={(e) => setPin(e.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy === 'set'} disabled={busy !== null}>
            {me.has_pin ? 'Ganti PIN' : 'Simpan PIN'}
          </Button>
          {me.has_pin && (
            <Button
              variant="outlined"
              loading={busy === 'remove'}
              disabled={busy !== null}
              onClick={() => void run('remove')}
            >
              Hapus PIN
            </Button>
          )}
        </div>
      </form>
    </Box>
  );
}

/** The scanned signature printed on the letters the viewer approves. */
function SignatureBox({ me, onChanged }: { me: SigningMe; onChanged: () => void }) {
  const toast = useToast();
  const [image, setImage] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const fileRef = useRef<HTMLInputElement>(null);
  const has = me.signature !== null;

  useEffect(() => {
    if (!has) return;
    let href: string | null = null;
    let live = true;
    signingSettingsApi.signatureImage().then(
      (blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setImage(href);
      },
      () => live && setImage(null),
    );
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [has, version]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    setBusy(true);
    setProgress(0);
    try {
      await signingSettingsApi.uploadSignature(file, setProgress);
      toast.success('Gambar tanda tangan disimpan.');
      setVersion((v) => v + 1);
      onChanged();
    } catch (e) {
      setFailure(fieldFailure(e, 'file') ?? signingFailure(e));
    } finally {
      setBusy(false);
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function remove() {
    setFailure(null);
    setBusy(true);
    try {
      await signingSettingsApi.removeSignature();
      toast.success('Gambar tanda tangan dihapus.');
      setImage(null);
      onChanged();
    } catch (e) {
      setFailure(signingFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box id="gambar-ttd" title="Gambar tanda tangan">
      <p className="mb-3 text-slate-800">
        Dicetak di tempat tanda tangan pada surat yang Anda setujui. Foto atau pindai tanda tangan
        di kertas putih; disimpan sebagai PNG berlatar putih.
      </p>
      <Failure text={failure} />
      {has && image && (
        <img
          src={image}
          alt="Gambar tanda tangan Anda saat ini"
          className="mb-3 max-h-32 w-auto rounded border border-slate-300 bg-white p-2"
        />
      )}
      {!has && <p className="mb-3 italic text-slate-700">Belum ada gambar tanda tangan.</p>}
      <label htmlFor="signature-file" className="mb-1 block font-semibold text-slate-900">
        {has ? 'Ganti gambar tanda tangan' : 'Unggah gambar tanda tangan'}
      </label>
      <p id="signature-file-hint" className="mb-2 text-sm text-slate-700">
        JPG, PNG atau WebP.
      </p>
      <input
        ref={fileRef}
        id="signature-file"
        type="file"
        accept="image/*"
        aria-describedby="signature-file-hint"
        disabled={busy}
        onChange={(e) => void choose(e.target.files?.[0])}
        className="mb-3 block w-full text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand-800 file:bg-white file:px-4 file:font-semibold file:text-brand-800"
      />
      {progress !== null && (
        <p role="status" className="mb-3 text-slate-800">
          Mengunggah gambar… {Math.round(progress * 100)}%
        </p>
      )}
      {has && (
        <Button variant="outlined" onClick={() => void remove()} disabled={busy}>
          Hapus gambar tanda tangan
        </Button>
      )}
    </Box>
  );
}

/** The Kepala Desa's own away dates (delegation to the Sekretaris Desa). */
function AwayBox({ me, onChanged }: { me: SigningMe; onChanged: () => void }) {
  const toast = useToast();
  const [from, setFrom] = useState(me.delegation?.from ?? '');
  const [until, setUntil] = useState(me.delegation?.until ?? '');
  const [errors, setErrors] = useState<{ from?: string; until?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [confirming, setConfirming] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found: { from?: string; until?: string } = {};
    if (!from) found.from = 'Tanggal mulai berhalangan wajib diisi.';
    if (!until) found.until = 'Tanggal selesai berhalangan wajib diisi.';
    else if (from && until < from)
      found.until = 'Tanggal selesai tidak boleh sebelum tanggal mulai.';
    setErrors(found);
    if (found.from || found.until) return;
    // The dates let the Sekretaris Desa sign for you: your password or PIN confirms them.
    setConfirming(true);
  }

  async function confirmDates(confirmation: HeadConfirmation) {
    try {
      const answer = await signingSettingsApi.setDelegation(from, until, confirmation);
      setConfirming(false);
      toast.success(answer.message);
      onChanged();
    } catch (e) {
      const f = fieldFailure(e, 'from');
      const u = fieldFailure(e, 'until');
      if (!f && !u) throw e;
      setConfirming(false);
      setErrors({ from: f ?? undefined, until: u ?? undefined });
    }
  }

  async function end() {
    setFailure(null);
    setBusy(true);
    try {
      const answer = await signingSettingsApi.endDelegation();
      toast.success(answer.message);
      setFrom('');
      setUntil('');
      onChanged();
    } catch (e) {
      setFailure(signingFailure(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box id="berhalangan" title="Masa berhalangan Anda">
      <p className="mb-3 text-slate-800">
        {me.delegation
          ? `Tercatat berhalangan ${formatDateId(me.delegation.from)} sampai ${formatDateId(me.delegation.until)}${me.delegation.active ? ' (sedang berlaku)' : ''}. Selama itu Sekretaris Desa menandatangani a.n. Kepala Desa; Anda tetap dapat menandatangani.`
          : 'Bila Anda berhalangan (cuti, dinas luar), Sekretaris Desa menandatangani a.n. Kepala Desa pada tanggal yang Anda tetapkan.'}
      </p>
      <Failure text={failure} />
      <ConfirmHeadDialog
        open={confirming}
        title="Simpan masa berhalangan?"
        description={`Selama ${from && until ? `${formatDateId(from)} sampai ${formatDateId(until)}` : 'tanggal itu'} Sekretaris Desa menandatangani a.n. Kepala Desa. Masukkan kata sandi atau PIN Anda.`}
        hasPin={me.has_pin}
        onConfirm={confirmDates}
        onClose={() => setConfirming(false)}
        confirmLabel="Simpan masa berhalangan"
      />
      <form noValidate onSubmit={save}>
        <div className="flex flex-col gap-x-4 sm:flex-row">
          <TextInput
            name="away-from"
            label="Mulai"
            type="date"
            width="20"
            value={from}
            error={errors.from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextInput
            name="away-until"
            label="Sampai"
            type="date"
            width="20"
            value={until}
            error={errors.until}
            onChange={(e) => setUntil(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            Simpan masa berhalangan
          </Button>
          {me.delegation && (
            <Button variant="outlined" onClick={() => void end()} disabled={busy}>
              Akhiri masa berhalangan
            </Button>
          )}
        </div>
      </form>
    </Box>
  );
}

/** The signer's own part: PIN, signature image and, for the Kepala Desa, their away dates. */
export function MySigning({ me, onChanged }: { me: SigningMe; onChanged: () => void }) {
  return (
    <section aria-labelledby="ttd-anda" className="mt-10">
      <h2 id="ttd-anda" className="mb-1 text-2xl font-bold text-slate-900">
        Tanda tangan Anda
      </h2>
      <p className="mb-4 text-slate-800">
        Anda tercatat sebagai {me.is_head ? 'Kepala Desa' : 'Sekretaris Desa'}
        {me.nip ? ` (NIP. ${me.nip})` : ''}.
      </p>
      <PinBox me={me} onChanged={onChanged} />
      <SignatureBox me={me} onChanged={onChanged} />
      {me.is_head && (
        <AwayBox
          key={`${me.delegation?.from}-${me.delegation?.until}`}
          me={me}
          onChanged={onChanged}
        />
      )}
    </section>
  );
}
