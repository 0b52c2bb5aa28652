import type { SettingsUpdate } from '@balai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { useLeaveWarning } from '../../../components/admin/use-leave-warning.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { QrAddressPanel } from './qr-address-panel.tsx';
import { SettingsForm } from './settings-form.tsx';
import { saveSettings, useAdminSettings } from '../../../api/settings.ts';

/**
 * `/admin/settings`: the village's identity, logo, head of village, address, social links and
 * the letter-number format with a live preview of the next number. After saving, a toast, and
 * the public top bar and footer show the new name and logo at once.
 */
export function SettingsPage() {
  const { settings, error, isLoading, retry } = useAdminSettings();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [dirty, setDirty] = useState(false);
  const leaveWarning = useLeaveWarning(dirty);

  async function save(body: SettingsUpdate) {
    const saved = await saveSettings(body, mutate);
    toast.success('Pengaturan desa disimpan.');
    return saved;
  }

  return (
    <AdminPage
      title="Pengaturan"
      breadcrumbs={[{ label: 'Pengaturan' }, { label: 'Pengaturan Desa' }]}
      lead="Identitas desa untuk situs, kop surat, dan nomor surat."
    >
      <p className="mb-6 max-w-3xl rounded-md border-l-8 border-violet-700 bg-violet-50 p-3 text-slate-900">
        Kepala Desa, Sekretaris Desa, masa berhalangan dan persetujuan per jenis surat diatur di{' '}
        <Link
          to={adminPaths.signingSettings}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          Pengaturan Tanda Tangan
        </Link>
        .
      </p>
      {isLoading && !settings && <LoadingBlock />}
      {error != null && !settings && <ErrorBlock error={error} onRetry={retry} />}
      {settings && (
        <div className="max-w-3xl">
          <QrAddressPanel settings={settings} />
          <SettingsForm settings={settings} onSubmit={save} onDirtyChange={setDirty} />
        </div>
      )}
      {leaveWarning.dialog}
    </AdminPage>
  );
}
