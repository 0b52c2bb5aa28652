import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS, type Toast, type ToastVariant } from './toast-context.ts';

const LOOKS: Record<ToastVariant, { box: string; label: string }> = {
  info: { box: 'border-sky-700 bg-sky-50 text-sky-950', label: 'Informasi' },
  success: { box: 'border-brand-700 bg-brand-50 text-brand-900', label: 'Berhasil' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', label: 'Peringatan' },
  error: { box: 'border-red-700 bg-red-50 text-red-950', label: 'Kesalahan' },
};

/** One toast: its look and label by variant, hidden after 4 s unless hovered, focused or persistent. */
export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
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
