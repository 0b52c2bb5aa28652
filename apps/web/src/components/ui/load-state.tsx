import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/http-client.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** While a section's data loads: a spinner that screen readers hear as "Memuat…". */
export function LoadingBlock({ label = 'Memuat…' }: { label?: string }) {
  return (
    <div className="flex justify-center py-10 text-brand-800">
      <Spinner label={label} />
    </div>
  );
}

/** A section's data failed to load: what happened and a way to try again. */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">Data tidak dapat dimuat.</p>
      <p className="mt-1">{errorMessage(error)}</p>
      {onRetry && (
        <Button variant="outlined" size="sm" className="mt-3" onClick={onRetry}>
          Coba lagi
        </Button>
      )}
    </div>
  );
}

/** Nothing published yet. */
export function EmptyBlock({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-slate-50 p-4 text-slate-700">{children}</p>;
}

interface LoadStateProps<T> {
  data: T[] | undefined;
  error: unknown;
  isLoading: boolean;
  onRetry?: () => void;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** The loading, error and empty states around a list, then the list itself. */
export function LoadState<T>({
  data,
  error,
  isLoading,
  onRetry,
  empty,
  children,
}: LoadStateProps<T>) {
  if (error && !data) return <ErrorBlock error={error} onRetry={onRetry} />;
  if (isLoading || !data) return <LoadingBlock />;
  if (data.length === 0) return <EmptyBlock>{empty}</EmptyBlock>;
  return <>{children(data)}</>;
}
