import { CONFIRM_NEEDED, type ApiUser, type FieldValues } from '@balai/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import {
  ConfirmHeadDialog,
  type HeadConfirmation,
} from '../../../components/admin/confirm-head-dialog.tsx';
import { useLeaveWarning } from '../../../components/admin/use-leave-warning.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage, httpStatus } from '../../../lib/http-client.ts';
import { VerifiedTag } from './user-cells.tsx';
import { UserForm } from './user-form.tsx';
import {
  createUser,
  refreshUsers,
  updateUser,
  useNamedSigners,
  useUser,
} from '../../../api/users.ts';

/** Who verified the identity and when; or that nobody has yet. */
function VerificationStatus({ user }: { user: ApiUser }) {
  const by = user.identity_verified_by;
  const { user: verifier } = useUser(by !== null && by !== user.id ? by : null);
  if (user.identity_verified_at == null) {
    return (
      <p>
        <VerifiedTag verified={false} /> Identitas belum dicocokkan dengan KTP dan KK.
      </p>
    );
  }
  const name = by === null ? null : by === user.id ? user.name : (verifier?.name ?? null);
  return (
    <p>
      <VerifiedTag verified /> Diverifikasi <DateTime value={user.identity_verified_at} />
      {name ? ` oleh ${name}` : ''}.
    </p>
  );
}

/**
 * `/admin/user/create` and `/admin/user/{id}/edit`: one form from the user field definitions;
 * a 422 lands on its fields; leaving with unsaved changes asks first. On edit, the office can
 * mark the identity verified (or take the mark back).
 */
export function UserFormPage({ id }: { id?: number }) {
  const editing = id !== undefined;
  const { user, error, isLoading, retry } = useUser(id);
  const navigate = useNavigate();
  const toast = useToast();
  const [dirty, setDirty] = useState(false);
  const leaveWarning = useLeaveWarning(dirty);

  const signers = useNamedSigners(editing);
  const namedAs =
    editing && signers
      ? signers.head_user_id === id
        ? 'Kepala Desa'
        : signers.secretary_user_id === id
          ? 'Sekretaris Desa'
          : null
      : null;
  /** A change only the Kepala Desa makes, waiting for their password or PIN (issue 18). */
  const [pending, setPending] = useState<{
    values: FieldValues;
    done: () => void;
    cancel: () => void;
  } | null>(null);

  async function send(values: FieldValues, confirmation?: HeadConfirmation) {
    const body = confirmation ? { ...values, confirmation } : values;
    const saved = editing ? await updateUser(id, body) : await createUser(body);
    await refreshUsers();
    toast.success(`Pengguna "${saved.data.name}" ${editing ? 'disimpan' : 'dibuat'}.`);
    leaveWarning.allowLeaving();
    await navigate(adminPaths.users);
  }

  async function save(values: FieldValues) {
    try {
      await send(values);
    } catch (e) {
      // The Kepala Desa changing a signer's account: the server asks for their confirmation.
      if (httpStatus(e) !== 403 || errorMessage(e) !== CONFIRM_NEEDED) throw e;
      await new Promise<void>((resolve, reject) =>
        setPending({ values, done: resolve, cancel: () => reject(e) }),
      );
    }
  }

  async function confirm(confirmation: HeadConfirmation) {
    if (!pending) return;
    await send(pending.values, confirmation);
    pending.done();
    setPending(null);
  }

  const title = editing ? 'Ubah Pengguna' : 'Buat Pengguna';
  return (
    <AdminPage
      title={title}
      breadcrumbs={[
        { label: 'Manajemen' },
        { label: 'Pengguna', to: adminPaths.users },
        { label: editing ? 'Ubah' : 'Buat' },
      ]}
      lead={editing && user ? user.name : undefined}
    >
      {editing && isLoading && !user && <LoadingBlock />}
      {editing && error != null && !user && <ErrorBlock error={error} onRetry={retry} />}
      {(!editing || user) && (
        <div className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          {namedAs && (
            <p className="mb-5 border-l-4 border-violet-700 bg-violet-50 p-3 text-violet-950">
              Akun ini ditetapkan sebagai {namedAs} di Pengaturan → Tanda Tangan. Kata sandi,
              e-mail, nama, jabatan, NIP dan status aktifnya hanya dapat diubah oleh Kepala Desa
              dengan kata sandi atau PIN-nya; akun ini tidak dapat dihapus.
            </p>
          )}
          <UserForm
            user={user}
            onSubmit={save}
            onDirtyChange={setDirty}
            verification={user ? <VerificationStatus user={user} /> : undefined}
            secondary={
              <Button variant="outlined" href={adminPaths.users}>
                Batal
              </Button>
            }
          />
        </div>
      )}
      <ConfirmHeadDialog
        open={pending !== null}
        title="Simpan perubahan akun?"
        description="Perubahan ini menyangkut penanda tangan surat desa. Masukkan kata sandi atau PIN Anda sebagai Kepala Desa."
        hasPin={false}
        onConfirm={confirm}
        onClose={() => {
          pending?.cancel();
          setPending(null);
        }}
      />
      {leaveWarning.dialog}
    </AdminPage>
  );
}
