import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider } from '../components/toast/toast-provider.tsx';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { swrConfig } from '../lib/swr-config.ts';

export interface AppProviderProps {
  children: ReactNode;
  /** Overrides for tests (a fresh cache, no retries). */
  swr?: SWRConfiguration;
}

/** Data fetching, toasts and auth, around the router. */
export function AppProvider({ children, swr }: AppProviderProps) {
  return (
    <SWRConfig value={{ ...swrConfig, ...swr }}>
      <ToastProvider>
        <AuthProvider>{children}</AuthProvider>
      </ToastProvider>
    </SWRConfig>
  );
}
