import { ADMIN_ROLE, signingSettingsAccess, type Position } from '@balai/domain';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import type { HeadConfirmation } from '../../../components/admin/confirm-head-dialog.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { MySigning } from './my-signing.tsx';
import { SigningSettingsForm, type SigningAccess } from './signing-settings-form.tsx';
import {
  signingSettingsApi,
  useAdminAccounts,
  useSigningMe,
  useSigningSettings,
  type SigningSettingsBody,
} from '../../../api/signing.ts';

/**
 * `/admin/settings/signing`: who signs the village's letters, the Kepala Desa's away dates and
 * which letter types need approval (changed only by the Kepala Desa with their password or PIN,
 * or by any administrator while none is named; read-only for the others); then, for the Kepala Desa and the
 * Sekretaris Desa themselves, their PIN, signature image and (Kepala Desa) own away dates.
 */
export function SigningSettingsPage() {
  const { settings, error, isLoading, mutate } = useSigningSettings();
  const { accounts } = useAdminAccounts();
  const { me, mutate: refreshMe } = useSigningMe();
  const toast = useToast();

  // What the policy lets the viewer do with the setup (ADR 0020): change it (no Kepala Desa yet),
  // change it with their password or PIN (the Kepala Desa), or only read it. Which named account
  // the viewer is comes from the server (`is_head`, `is_secretary` of GET /api/signing/me).
  const access: SigningAccess =
    settings && me
      ? signingSettingsAccess(
          {
            id: me.is_head
              ? (settings.head_user_id ?? 0)
              : me.is_secretary
                ? (settings.secretary_user_id ?? 0)
                : 0,
            role: ADMIN_ROLE,
            position: (me.position as Position | null) ?? null,
            active: true,
          },
          {
            ...settings,
            approval_exempt: settings.approval_types.filter((t) => !t.required).map((t) => t.code),
          },
        )
      : 'deny';

  async function save(body: SigningSettingsBody, confirmation?: HeadConfirmation) {
    const saved = await signingSettingsApi.save(body, confirmation);
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
            access={access}
            hasPin={me?.has_pin ?? false}
            onSave={save}
          />
        )}
        {me && (me.is_head || me.is_secretary) && <MySigning me={me} onChanged={refresh} />}
      </div>
    </AdminPage>
  );
}
