import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast, type ToastApi } from './toast-context.ts';
import { ToastProvider } from './toast-provider.tsx';

let toast: ToastApi;

function setup() {
  const { result } = renderHook(() => useToast(), { wrapper: ToastProvider });
  toast = result.current;
}

/** The toasts' own code loads with the first one (a lazy chunk): let it arrive. */
const settle = () =>
  act(async () => {
    await vi.dynamicImportSettled();
  });

const shown = () => screen.queryAllByText(/^Pesan \d+$/).map((el) => el.textContent);

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows at most five, dropping the oldest', async () => {
    setup();
    act(() => {
      for (let i = 1; i <= 7; i += 1) toast.info(`Pesan ${i}`);
    });
    await settle();
    expect(shown()).toEqual(['Pesan 3', 'Pesan 4', 'Pesan 5', 'Pesan 6', 'Pesan 7']);
  });

  it('keeps persistent ones when making room', async () => {
    setup();
    act(() => {
      toast.info('Pesan 1', { persistent: true });
      for (let i = 2; i <= 6; i += 1) toast.info(`Pesan ${i}`);
    });
    await settle();
    expect(shown()).toEqual(['Pesan 1', 'Pesan 3', 'Pesan 4', 'Pesan 5', 'Pesan 6']);
  });

  it('shows a message repeated while it is up once, its time started over', async () => {
    setup();
    act(() => {
      toast.success('Pesan 1');
      toast.info('Pesan 2');
    });
    await settle();
    act(() => vi.advanceTimersByTime(3000));
    act(() => {
      toast.success('Pesan 1');
    });
    expect(shown()).toEqual(['Pesan 2', 'Pesan 1']);
    // The first one's 4000 ms have passed; the repeated one stays for its own.
    act(() => vi.advanceTimersByTime(2000));
    expect(shown()).toEqual(['Pesan 1']);
    act(() => vi.advanceTimersByTime(2500));
    expect(shown()).toEqual([]);
  });

  it('hides after 4000 ms', async () => {
    setup();
    act(() => {
      toast.success('Pesan 1');
    });
    await settle();
    act(() => vi.advanceTimersByTime(3999));
    expect(shown()).toEqual(['Pesan 1']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('keeps a persistent one until it is closed', async () => {
    setup();
    act(() => {
      toast.info('Pesan 1', { persistent: true });
    });
    await settle();
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toEqual(['Pesan 1']);
    act(() => screen.getByRole('button', { name: 'Tutup pemberitahuan' }).click());
    expect(shown()).toEqual([]);
  });

  it('has four variants, announced through a live region; errors as alerts', async () => {
    setup();
    const region = screen.getByRole('region', { name: 'Pemberitahuan' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      toast.info('Pesan 1');
      toast.success('Pesan 2');
      toast.warning('Pesan 3');
      toast.error('Pesan 4');
    });
    await settle();
    expect(screen.getAllByRole('status').map((el) => el.dataset.variant)).toEqual([
      'info',
      'success',
      'warning',
    ]);
    expect(screen.getByRole('alert')).toHaveAttribute('data-variant', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent('Kesalahan: Pesan 4');
  });

  it('sits bottom centre on small screens and bottom right from lg, off the bell and user menu', async () => {
    setup();
    const region = screen.getByRole('region', { name: 'Pemberitahuan' });
    expect(region.className).toMatch(/\binset-x-0\b.*\bitems-center\b/);
    expect(region.className).toMatch(/\blg:right-4\b/);
    expect(region.className).toMatch(/\bbottom-4\b/);
    expect(region.className).not.toMatch(/\btop-/);
    expect(region.className).toMatch(/\blg:items-end\b/);
  });
});
