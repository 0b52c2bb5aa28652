import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS, type Toast, type ToastVariant } from './toast-context.ts';

const LOOKS: Record<ToastVariant, { box: string; label: string }> = {
  info: { box: 'border-sky-700 bg-sky-50 text-sky-950', label: 'Informasi' },
  success: { box: 'border-brand-700 bg-brand-50 text-brand-900', label: 'Berhasil' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', label: 'Peringatan' },
  error: { box: 'border-red-700 bg-red-50 text-red-950', label: 'Kesalahan' },
};

/**
 * Top centre on small screens, top right from `lg`. The list is a polite live region that exists
 * before any toast arrives, so screen readers announce each one; errors are alerts.
 */
export function Toaster({
  toasts,
  onDismiss,
}: {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}) {
  return (
    <div
      aria-live="polite"
      aria-label="Pemberitahuan"
      role="region"
      className="pointer-events-none fixed inset-x-0 top-3 z-[70] flex flex-col items-center gap-2 px-3 lg:inset-x-auto lg:right-4 lg:top-4 lg:items-end lg:px-0"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const look = LOOKS[toast.variant];

  useEffect(() => {
    if (toast.persistent || paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.persistent, paused, onDismiss]);

  return (
    <div
      role={toast.variant === 'error' ? 'alert' : 'status'}
      data-variant={toast.variant}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-md border-l-4 p-3 shadow-lg ${look.box}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="min-w-0 flex-1 text-sm">
        <span className="sr-only">{look.label}: </span>
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        <p>{toast.message}</p>
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-m-1 rounded p-1 leading-none hover:bg-black/10"
        aria-label="Tutup pemberitahuan"
      >
        <span aria-hidden="true" className="text-lg">
          ×
        </span>
      </button>
    </div>
  );
}
