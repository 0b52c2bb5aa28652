import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from './root-layout.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/service', element: <p>Daftar layanan</p> },
          { path: '/service/ku', element: <p>Surat Keterangan Usaha</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

describe('RootLayout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the page where it is on the first render (a server page scrolled before hydration)', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderAt('/service');
    expect(screen.getByText('Daftar layanan')).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('goes to the top when the path changes, not when only the query does', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = renderAt('/service');
    await act(() => router.navigate('/service?q=sku'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/service/ku'));
    expect(await screen.findByText('Surat Keterangan Usaha')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Daftar layanan')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
