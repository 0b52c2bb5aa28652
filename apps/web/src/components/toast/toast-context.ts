import { createContext, useContext } from 'react';

export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

export interface ToastOptions {
  /** Stays until closed by the user (or in code) instead of hiding after 4 s. */
  persistent?: boolean;
  /** A short bold line above the message. */
  title?: string;
}

export interface Toast extends ToastOptions {
  id: number;
  variant: ToastVariant;
  message: string;
}

export interface ToastApi {
  show: (variant: ToastVariant, message: string, options?: ToastOptions) => number;
  info: (message: string, options?: ToastOptions) => number;
  success: (message: string, options?: ToastOptions) => number;
  warning: (message: string, options?: ToastOptions) => number;
  error: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

/** At most five at once; they hide after 4000 ms unless persistent (SPEC section 9). */
export const MAX_TOASTS = 5;
export const TOAST_DURATION_MS = 4000;

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
