import { screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { ADMIN, RESIDENT, seedSession } from '../../testing/session.ts';
import { GuestOnly, RequireAdmin, RequireAuth, afterLoginPath } from './guards.tsx';

/** A small tree with the three guards and pages that say where they are. */
const routes: RouteObject[] = [
  {
    Component: Outlet,
    children: [
      { index: true, element: <h1>Beranda</h1> },
      {
        path: 'auth',
        Component: GuestOnly,
        children: [{ path: 'login', element: <h1>Masuk</h1> }],
      },
      {
        Component: RequireAuth,
        children: [
          { path: 'profile', element: <h1>Profil</h1> },
          {
            path: 'admin',
            Component: RequireAdmin,
            children: [{ index: true, element: <h1>Dasbor admin</h1> }],
          },
        ],
      },
    ],
  },
];

describe('guards', () => {
  it('sends a signed-out visitor to login with returnTo, replacing the history entry', async () => {
    createFakeServer();
    const { router } = renderApp('/profile?tab=1', { routes });
    expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/profile?tab=1')}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets a signed-in user into the profile routes', async () => {
    createFakeServer();
    seedSession(RESIDENT);
    renderApp('/profile', { routes });
    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of the admin area to login as well', async () => {
    createFakeServer();
    const { router } = renderApp('/admin', { routes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?returnTo=%2Fadmin');
  });

  it('sends a signed-in non-administrator from the admin area home', async () => {
    createFakeServer();
    seedSession(RESIDENT);
    const { router } = renderApp('/admin', { routes });
    expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an administrator (first role, any case) into the admin area', async () => {
    createFakeServer();
    seedSession({ ...ADMIN, roles: [{ name: 'Administrator' as 'ADMINISTRATOR' }] });
    renderApp('/admin', { routes });
    expect(await screen.findByRole('heading', { name: 'Dasbor admin' })).toBeInTheDocument();
  });

  describe('auth pages when already signed in', () => {
    it('go to a same-origin returnTo', async () => {
      createFakeServer();
      seedSession(RESIDENT);
      const { router } = renderApp('/auth/login?returnTo=%2Fprofile', { routes });
      expect(await screen.findByRole('heading', { name: 'Profil' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile');
    });

    it('send an administrator to /admin and anyone else to /', async () => {
      createFakeServer();
      seedSession(ADMIN);
      const admin = renderApp('/auth/login', { routes });
      expect(await screen.findByRole('heading', { name: 'Dasbor admin' })).toBeInTheDocument();
      expect(admin.router.state.location.pathname).toBe('/admin');
      admin.unmount();

      seedSession(RESIDENT);
      const resident = renderApp('/auth/login', { routes });
      expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeInTheDocument();
      expect(resident.router.state.location.pathname).toBe('/');
    });

    it('never follow a returnTo that leaves the site', async () => {
      createFakeServer();
      seedSession(RESIDENT);
      const { router } = renderApp('/auth/login?returnTo=%2F%2Fevil.example', { routes });
      expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it('afterLoginPath accepts only paths starting with one "/"', () => {
    expect(afterLoginPath('/service/ku', RESIDENT)).toBe('/service/ku');
    expect(afterLoginPath('https://evil.example', RESIDENT)).toBe('/');
    expect(afterLoginPath('//evil.example', ADMIN)).toBe('/admin');
    expect(afterLoginPath('/\\evil.example', RESIDENT)).toBe('/');
    expect(afterLoginPath(null, RESIDENT)).toBe('/');
  });
});
