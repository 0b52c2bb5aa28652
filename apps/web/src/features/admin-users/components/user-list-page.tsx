import { RegisterCell, UnmatchedAccounts } from './register-link-cells.tsx';
import { ROLE_LABELS, type ApiUser, type Role } from '@balai/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage } from '../../../lib/http-client.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { ActiveTag, EmailCell, MaskedNik, VerifiedTag } from './user-cells.tsx';
import { USER_FILTERS, deleteUser, refreshUsers, useUsers } from '../../../api/users.ts';

/** The filter selects: query name, label, and the choices (value, text); '' is "Semua". */
const FILTERS: readonly {
  name: (typeof USER_FILTERS)[number];
  label: string;
  choices: [string, string][];
}[] = [
  {
    name: 'role',
    label: 'Peran',
    choices: (Object.entries(ROLE_LABELS) as [Role, string][]).map(([v, t]) => [v, t]),
  },
  {
    name: 'active',
    label: 'Status',
    choices: [
      ['true', 'Aktif'],
      ['false', 'Nonaktif'],
    ],
  },
  {
    name: 'verified',
    label: 'Identitas',
    choices: [
      ['true', 'Terverifikasi'],
      ['false', 'Belum terverifikasi'],
    ],
  },
];

const COLUMNS: readonly DataColumn<ApiUser>[] = [
  { key: 'name', header: 'Nama', rowHeader: true, cell: (u) => u.name },
  { key: 'email', header: 'E-mail', cell: (u) => <EmailCell email={u.email} /> },
  { key: 'nik', header: 'NIK', cell: (u) => <MaskedNik nik={u.nik} /> },
  { key: 'role', header: 'Peran', cell: (u) => ROLE_LABELS[u.role] ?? u.role },
  { key: 'active', header: 'Status', cell: (u) => <ActiveTag active={u.active} /> },
  {
    key: 'verified',
    header: 'Identitas',
    cell: (u) => <VerifiedTag verified={u.identity_verified_at != null} />,
  },
  { key: 'register', header: 'Buku induk', cell: (u) => <RegisterCell user={u} /> },
];

/**
 * `/admin/user`: the accounts, searchable by name, e-mail or NIK and filtered by role, status
 * and verified identity; the list's state lives in the address. Deleting asks first; the API's
 * refusals (the last administrator, one's own account) are shown in the dialog.
 */
export function UserListPage() {
  const list = useListParams({ filters: USER_FILTERS });
  const { users, meta, error, isLoading, isValidating, mutate } = useUsers(list.query);
  const toast = useToast();
  const [deleting, setDeleting] = useState<ApiUser | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const filtered = list.search !== '' || Object.keys(list.filters).length > 0;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    list.update({
      search: String(data.get('search') ?? ''),
      filters: Object.fromEntries(FILTERS.map((f) => [f.name, String(data.get(f.name) ?? '')])),
    });
  };

  const askDelete = (user: ApiUser) => {
    setRefusal(null);
    setDeleting(user);
  };
  const closeDelete = () => {
    if (busy) return;
    setDeleting(null);
    setRefusal(null);
  };

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteUser(deleting.id);
      toast.success(`Pengguna "${deleting.name}" dihapus.`);
      setDeleting(null);
      // The list and any open user: SPEC says the list is refreshed after a delete.
      await Promise.all([mutate(), refreshUsers()]);
    } catch (e) {
      // The last administrator, one's own account, or anything else the API refuses.
      setRefusal(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminPage
      title="Pengguna"
      breadcrumbs={[{ label: 'Manajemen' }, { label: 'Pengguna' }]}
      actions={<Button href={adminPaths.userCreate}>Buat Pengguna</Button>}
    >
      <form role="search" onSubmit={onSearch} className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <label htmlFor="cari" className="mb-1 block font-semibold text-slate-900">
            Cari
          </label>
          <p id="cari-hint" className="mb-1 text-sm text-slate-700">
            Nama, e-mail, atau NIK
          </p>
          <input
            id="cari"
            name="search"
            type="search"
            aria-describedby="cari-hint"
            defaultValue={list.search}
            key={list.search}
            className="h-11 w-full rounded-md border-2 border-slate-700 px-3 text-base"
          />
        </div>
        {FILTERS.map((f) => (
          <div key={f.name}>
            <label htmlFor={`filter-${f.name}`} className="mb-1 block font-semibold text-slate-900">
              {f.label}
            </label>
            <select
              id={`filter-${f.name}`}
              name={f.name}
              defaultValue={list.filters[f.name] ?? ''}
              key={list.filters[f.name] ?? ''}
              className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
            >
              <option value="">Semua</option>
              {f.choices.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
        <Button type="submit" variant="outlined">
          Terapkan
        </Button>
        {filtered && (
          <Button href={adminPaths.users} variant="ghost">
            Hapus filter
          </Button>
        )}
      </form>

      {isLoading && !users && <LoadingBlock />}
      {error != null && !users && <ErrorBlock error={error} onRetry={() => void mutate()} />}
      {users && meta && (
        <>
          <p className="mb-2 text-slate-700" aria-live="polite">
            {meta.total} pengguna{filtered ? ' cocok' : ''}
          </p>
          <DataTable
            caption={`Pengguna, halaman ${meta.page} dari ${meta.last_page}`}
            captionHidden
            columns={COLUMNS}
            rows={users}
            rowKey={(u) => u.id}
            busy={isValidating && !isLoading}
            empty={
              <div className="rounded-lg border border-dashed border-slate-400 bg-white p-6 text-center">
                <p className="text-lg font-semibold text-slate-900">
                  {filtered ? 'Tidak ada pengguna yang cocok.' : 'Belum ada pengguna.'}
                </p>
                {!filtered && (
                  <Button href={adminPaths.userCreate} className="mt-3">
                    Buat pengguna pertama
                  </Button>
                )}
              </div>
            }
            actions={(u) => (
              // One item for DataTable's wrapping row: the two stay side by side (rows stay low).
              <div className="flex gap-2">
                <Link
                  to={adminPaths.userEdit(u.id)}
                  className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-brand-800 underline underline-offset-2"
                >
                  Ubah<span className="sr-only"> {u.name}</span>
                </Link>
                <button
                  type="button"
                  onClick={() => askDelete(u)}
                  className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-red-800 underline underline-offset-2"
                >
                  Hapus<span className="sr-only"> {u.name}</span>
                </button>
              </div>
            )}
          />
          {meta.last_page > 1 && (
            <Pagination
              page={meta.page}
              lastPage={meta.last_page}
              hrefFor={(page) => list.hrefFor({ page })}
              label="Halaman pengguna"
            />
          )}
        </>
      )}

      <Modal
        open={deleting !== null}
        onClose={closeDelete}
        role="alertdialog"
        title="Hapus pengguna?"
        description={
          deleting
            ? `Akun "${deleting.name}" (${deleting.email}) akan dihapus dan tidak dapat dikembalikan.`
            : undefined
        }
        footer={
          <>
            <Button variant="outlined" onClick={closeDelete} disabled={busy}>
              Batal
            </Button>
            <Button
              onClick={() => void confirmDelete()}
              loading={busy}
              className="bg-red-700 hover:bg-red-800"
            >
              Hapus
            </Button>
          </>
        }
      >
        {refusal && (
          <p
            role="alert"
            className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-900"
          >
            {refusal}
          </p>
        )}
      </Modal>
      <UnmatchedAccounts />
    </AdminPage>
  );
}
