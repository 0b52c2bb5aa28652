import { fireEvent, render, screen } from '@testing-library/react';
import { Outlet, createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './router-links.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}|${String(location.state ?? '')}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
              Beranda
            </NavLink>
            <NavLink to="/about">Profil</NavLink>
            <Link to="/about/official" state="dari-tautan">
              Aparatur
            </Link>
            <Link to="https://example.org/x">Luar</Link>
            <Where />
            <Outlet />
          </>
        ),
        children: [{ path: 'about/*', element: null }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link and NavLink (the app’s own, in place of React Router’s)', () => {
  it('navigates in the app on a plain click, with state, and leaves modified clicks and other sites to the browser', () => {
    const router = renderAt('/');
    const official = screen.getByRole('link', { name: 'Aparatur' });
    expect(official).toHaveAttribute('href', '/about/official');
    expect(fireEvent.click(official, { ctrlKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe('/');

    expect(fireEvent.click(official)).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/about/official|dari-tautan');

    const outside = screen.getByRole('link', { name: 'Luar' });
    expect(outside).toHaveAttribute('href', 'https://example.org/x');
    // A plain link: the click is not prevented (happy-dom does not leave the page).
    expect(fireEvent.click(outside)).toBe(true);
  });

  it('marks the open page: `end` only on the address itself, otherwise below it too', () => {
    renderAt('/about/official');
    const home = screen.getByRole('link', { name: 'Beranda' });
    const about = screen.getByRole('link', { name: 'Profil' });
    expect(home).toHaveClass('off');
    expect(home).not.toHaveAttribute('aria-current');
    expect(about).toHaveAttribute('aria-current', 'page');
    expect(about).toHaveClass('active');
    fireEvent.click(home);
    expect(home).toHaveClass('on');
    expect(home).toHaveAttribute('aria-current', 'page');
    expect(about).not.toHaveAttribute('aria-current');
  });
});
