import { Spinner } from './spinner.tsx';

/**
 * The full-page centred loader shown while a screen loads (SPEC section 2). `delayed` waits a
 * moment before showing, so fast navigations do not flash it.
 */
export function FullPageLoader({
  label = 'Memuat…',
  delayed = false,
}: {
  label?: string;
  delayed?: boolean;
}) {
  return (
    <div
      className={`fixed inset-0 z-40 flex items-center justify-center bg-white/80 text-brand-800 ${
        delayed ? 'animate-delayed-fade-in' : ''
      }`}
    >
      <Spinner className="size-10" label={label} />
    </div>
  );
}
