// Accounts and the register in the users list (issue 21): each account's register person, and
// the resident accounts not linked to the register with the reason and a way to match again.
import type { ApiUser } from '@balai/domain/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { matchAccounts, useUnmatchedAccounts } from '../../../api/register-links.ts';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage } from '../../../lib/http-client.ts';

/** "Cocok" with a link to the register person, or "Tidak terhubung". */
export function RegisterCell({ user }: { user: Pick<ApiUser, 'register_person_id' | 'name'> }) {
  if (user.register_person_id == null) {
    return <span className="whitespace-nowrap text-slate-700">Tidak terhubung</span>;
  }
  return (
    <Link
      to={adminPaths.register.person(user.register_person_id)}
      className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2"
    >
      Cocok<span className="sr-only"> dengan buku induk: {user.name}</span>
    </Link>
  );
}

/**
 * "Akun belum cocok dengan buku induk": resident accounts made before the register (or with a
 * NIK it lacks), each with why; "Cocokkan lagi" links those whose NIK is now in the register.
 * Nothing shows when every resident account is linked.
 */
export function UnmatchedAccounts() {
  const { unmatched, mutate } = useUnmatchedAccounts();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!unmatched || unmatched.total === 0) return null;

  async function match() {
    setBusy(true);
    try {
      const answer = await matchAccounts();
      toast.success(answer.message);
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="belum-cocok" className="mt-10">
      <h2 id="belum-cocok" className="text-xl font-bold text-slate-900">
        Akun warga belum cocok dengan buku induk ({unmatched.total})
      </h2>
      <p className="mt-1 text-slate-700">
        Akun ini dibuat sebelum buku induk diimpor atau NIK-nya tidak ada di buku induk. Akun
        dicocokkan menurut NIK setiap kali buku induk diimpor.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
        {unmatched.data.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <Link
                to={adminPaths.userEdit(a.id)}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                {a.name}
              </Link>{' '}
              <span className="text-slate-700">
                {a.nik_masked ? `NIK berakhiran ${a.nik_masked.slice(-4)}` : 'Tanpa NIK'}
              </span>
            </span>
            <span className="text-slate-900">{a.reason_label}</span>
          </li>
        ))}
      </ul>
      <Button variant="outlined" className="mt-3" loading={busy} onClick={() => void match()}>
        Cocokkan lagi
      </Button>
    </section>
  );
}
