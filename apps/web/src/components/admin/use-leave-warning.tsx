import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

/**
 * While `dirty`, leaving the page asks first: in-app navigation through a dialog (render
 * `dialog`), closing or reloading the tab through the browser's own question. After a save,
 * `allowLeaving()` lets the next navigation through without asking.
 */
export function useLeaveWarning(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!allowed.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      role="alertdialog"
      title="Tinggalkan halaman ini?"
      description="Perubahan yang belum disimpan akan hilang."
      footer={
        <>
          <Button variant="outlined" onClick={() => blocker.reset?.()}>
            Tetap di sini
          </Button>
          <Button onClick={() => blocker.proceed?.()}>Tinggalkan</Button>
        </>
      }
    />
  );
  return {
    dialog,
    allowLeaving: () => {
      allowed.current = true;
    },
  };
}
