import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  MAX_TOASTS,
  ToastContext,
  type Toast,
  type ToastApi,
  type ToastOptions,
  type ToastVariant,
} from './toast-context.ts';
import { Toaster } from './toaster.tsx';

/**
 * Holds the toasts; a sixth one pushes out the oldest that is not persistent. A message shown
 * again while the same one is still up replaces it (its time starts over): saving twice in a row
 * says "disimpan" once, not twice stacked.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((variant: ToastVariant, message: string, options?: ToastOptions) => {
    const id = nextId.current++;
    setToasts((list) => {
      const next = [
        ...list.filter((t) => t.variant !== variant || t.message !== message),
        { id, variant, message, ...options },
      ];
      while (next.length > MAX_TOASTS) {
        const oldest = next.findIndex((t) => !t.persistent);
        next.splice(oldest === -1 ? 0 : oldest, 1);
      }
      return next;
    });
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      info: (message, options) => show('info', message, options),
      success: (message, options) => show('success', message, options),
      warning: (message, options) => show('warning', message, options),
      error: (message, options) => show('error', message, options),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  );
}
