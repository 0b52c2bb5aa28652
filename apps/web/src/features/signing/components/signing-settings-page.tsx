import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import {
  signingSettingsApi,
  useAdminAccounts,
  useSigningMe,
  useSigningSettings,
  type SigningSettingsBody,
} from '../api/signing-api.ts';
import { MySigning } from './my-signing.tsx';
import { SigningSettingsForm } from './signing-settings-form.tsx';

/**
 * `/admin/settings/signing`: who signs the village's letters, the Kepala Desa's away dates and
 * which letter types need approval (every administrator); then, for the Kepala Desa and the
 * Sekretaris Desa themselves, their PIN, signature image and (Kepala Desa) own away dates.
 */
export function SigningSettingsPage() {
  const { settings, error, isLoading, mutate } = useSigningSettings();
  const { accounts } = useAdminAccounts();
  const { me, mutate: refreshMe } = useSigningMe();
  const toast = useToast();

  async function save(body: SigningSettingsBody) {
    const saved = await signingSettingsApi.save(body);
    await mutate(saved, { revalidate: false });
    void refreshMe();
    toast.success('Pengaturan tanda tangan disimpan.');
    return saved;
  }

  const refresh = () => {
    void refreshMe();
    void mutate();
  };

  return (
    <AdminPage
      title="Pengaturan Tanda Tangan"
      breadcrumbs={[{ label: 'Pengaturan', to: adminPaths.settings }, { label: 'Tanda Tangan' }]}
      lead="Siapa yang menyetujui dan menandatangani surat desa."
    >
      <div className="max-w-3xl">
        {isLoading && !settings && <LoadingBlock />}
        {error != null && !settings && <ErrorBlock error={error} onRetry={() => void mutate()} />}
        {settings && (
          <SigningSettingsForm
            key={`${settings.head_user_id}-${settings.secretary_user_id}-${settings.head_away_from}-${settings.head_away_until}`}
            settings={settings}
            accounts={accounts}
            onSave={save}
          />
        )}
        {me && (me.is_head || me.is_secretary) && <MySigning me={me} onChanged={refresh} />}
      </div>
    </AdminPage>
  );
}
