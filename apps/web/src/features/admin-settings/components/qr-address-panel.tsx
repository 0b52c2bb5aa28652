import { loopbackQrWarning, type AdminSettings } from '@balai/domain';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Checkbox } from '../../../components/form/checkbox.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { errorMessage } from '../../../lib/http-client.ts';
import { saveAllowLoopbackQr } from '../../../api/settings.ts';

/**
 * Where the QR code of every issued letter points (PUBLIC_URL, issue 25.1). A loopback address
 * cannot be opened from a resident's phone: a warning says how to set it, and letters are
 * issued with it only when the administrator ticks "Izinkan QR alamat lokal" (a demo).
 */
export function QrAddressPanel({ settings }: { settings: AdminSettings }) {
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const { url, loopback } = settings.qr_address;
  const base = url.replace(/\/verify\/…$/, '');

  async function toggle(allow: boolean) {
    setBusy(true);
    try {
      await saveAllowLoopbackQr(allow, mutate);
      toast.success(
        allow
          ? 'Surat boleh diterbitkan dengan kode QR alamat lokal.'
          : 'Surat dengan kode QR alamat lokal tidak diterbitkan lagi.',
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="qr-address-heading"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="qr-address-heading" className="mb-2 text-xl font-bold text-slate-900">
        Alamat kode QR surat
      </h2>
      <p className="mb-3 text-slate-800">
        Kode QR pada setiap surat yang terbit membuka halaman pemeriksaan keaslian di:
      </p>
      <p className="mb-4 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900">
        {url}
      </p>
      {loopback ? (
        <>
          <div
            role="status"
            className="mb-4 rounded-md border-l-8 border-amber-600 bg-amber-50 p-3 text-slate-900"
          >
            <p className="font-semibold">Alamat ini hanya terbuka di komputer server.</p>
            <p>{loopbackQrWarning(base)}</p>
          </div>
          <Checkbox
            name="allow_loopback_qr"
            label="Izinkan QR alamat lokal (hanya untuk demo)"
            hint="Tanpa centang ini, surat tidak diterbitkan selama alamatnya masih lokal."
            checked={settings.allow_loopback_qr}
            disabled={busy}
            onChange={(e) => void toggle(e.target.checked)}
          />
        </>
      ) : (
        <p className="text-slate-800">
          Warga dapat memeriksa keaslian surat dengan memindai kode QR ini dari ponsel. Alamat ini
          diatur dengan PUBLIC_URL di konfigurasi server.
        </p>
      )}
    </section>
  );
}
