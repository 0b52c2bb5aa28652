import type { ApiUser } from '@balai/domain';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { errorMessage } from '../../../lib/http-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useProfile } from '../../../lib/profile.ts';
import { ProfileDetails } from './profile-details.tsx';
import { PROFILE_LABELS, missingEssentials } from './profile-fields.ts';
import { ProfileForm } from './profile-form.tsx';
import { NoticeSettings } from './notice-settings.tsx';
import { ProfileShell } from './profile-shell.tsx';

/** /profile: the user's own data, and the form to change it. */
export function ProfilePage() {
  const [editing, setEditing] = useState(false);
  usePageMeta(editing ? 'Ubah profil' : 'Profil Saya');
  const { profile, error, isLoading, mutate } = useProfile();
  const { updateUser } = useAuth();
  const toast = useToast();
  const editButtonRef = useRef<HTMLButtonElement>(null);

  function stopEditing() {
    setEditing(false);
    // Back on the summary, focus goes to the button that opened the form.
    window.requestAnimationFrame(() => editButtonRef.current?.focus());
  }

  function onSaved(saved: ApiUser, nikChange: string | null) {
    void mutate({ data: saved }, { revalidate: false });
    updateUser({ name: saved.name, email: saved.email });
    toast.success('Profil berhasil disimpan.');
    // The new NIK waits for the office: said until the resident closes it (issue 18.9).
    if (nikChange) toast.info(nikChange, { persistent: true });
    stopEditing();
  }

  if (isLoading) {
    return (
      <ProfileShell title="Profil Saya">
        <Spinner label="Memuat profil…" />
      </ProfileShell>
    );
  }
  if (!profile) {
    return (
      <ProfileShell title="Profil Saya">
        <div
          role="alert"
          className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-950"
        >
          <p>Profil tidak dapat dimuat: {errorMessage(error)}</p>
          <Button variant="outlined" size="sm" className="mt-3" onClick={() => void mutate()}>
            Coba lagi
          </Button>
        </div>
      </ProfileShell>
    );
  }

  if (editing) {
    return (
      <ProfileShell title="Ubah profil">
        <ProfileForm profile={profile} onSaved={onSaved} onCancel={stopEditing} />
      </ProfileShell>
    );
  }

  const missing = missingEssentials(profile);
  return (
    <ProfileShell title="Profil Saya">
      {missing.length > 0 && (
        <div className="mb-6 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">Lengkapi data diri Anda sebelum mengajukan surat.</p>
          <p className="mt-1">
            Belum diisi: {missing.map((field) => PROFILE_LABELS[field]).join(', ')}.
          </p>
        </div>
      )}
      <ProfileDetails profile={profile} />
      <div className="mt-8">
        <Button ref={editButtonRef} onClick={() => setEditing(true)}>
          Ubah profil
        </Button>
      </div>
      <NoticeSettings />
    </ProfileShell>
  );
}
