import { useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { paths } from '../../../lib/paths.ts';

export interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where focus goes when the dialogs close (the menu that opened them is gone by then). */
  finalFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Logout (SPEC section 4 and 8): "Konfirmasi" → the logout call → the login page; if the call
 * fails, "Gagal!" with "Kembali", and the error goes to the console.
 */
export function LogoutDialog({ open, onClose, finalFocusRef }: LogoutDialogProps) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);

  async function confirm() {
    setBusy(true);
    try {
      await logout();
      onClose();
      await navigate(paths.auth.login());
    } catch (error) {
      console.error('Logout gagal:', error);
      onClose();
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Modal
        open={open}
        onClose={() => !busy && onClose()}
        title="Konfirmasi"
        description="Apakah anda yakin ingin keluar?"
        role="alertdialog"
        initialFocusRef={cancelRef}
        finalFocusRef={finalFocusRef}
        footer={
          <>
            <Button ref={cancelRef} variant="outlined" onClick={onClose} disabled={busy}>
              Batal
            </Button>
            <Button onClick={confirm} loading={busy}>
              Keluar
            </Button>
          </>
        }
      />
      <Modal
        open={failed}
        onClose={() => setFailed(false)}
        title="Gagal!"
        description="Maaf, permintaan logout gagal. Silakan coba kembali dalam beberapa saat."
        role="alertdialog"
        initialFocusRef={backRef}
        finalFocusRef={finalFocusRef}
        footer={
          <Button ref={backRef} onClick={() => setFailed(false)}>
            Kembali
          </Button>
        }
      />
    </>
  );
}
