import { lazy, Suspense } from 'react';
import type { Toast } from './toast-context.ts';

// The toasts themselves load with the first one: most visits never show one.
const ToastItem = lazy(async () => ({ default: (await import('./toast-item.tsx')).ToastItem }));

/**
 * Bottom centre on small screens, bottom right from `lg`: at the top they covered the bell and
 * the user menu (issue 25). The list is a polite live region that exists
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
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex flex-col items-center gap-2 px-3 lg:inset-x-auto lg:right-4 lg:items-end lg:px-0"
    >
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
        </Suspense>
      )}
    </div>
  );
}
